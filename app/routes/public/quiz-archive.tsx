import { Play } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { QuizMeta } from "~/features/quizzes/quiz-card";
import { ARCHIVE_PATH } from "~/features/quizzes/quiz-format";
import { weeklyQuizLabel, weekWithDates } from "~/features/quizzes/weekly";
import { findFeaturedWeeklyQuiz, listWeeklyArchive } from "~/features/quizzes/weekly-quizzes.server";
import { pageMeta } from "~/features/seo/page-meta";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { PAGE_PARAM, pageHref, parsePage } from "~/lib/paging";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/quiz-archive";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: "Sidan hittades inte – Quizkväll" }];
  const { page, origin } = loaderData;
  return pageMeta({
    title:
      page.page > 1 ? `NutidsQuiz-arkivet, sida ${page.page} – Quizkväll` : "NutidsQuiz-arkivet – Quizkväll",
    description: "Alla veckors NutidsQuiz, det senaste först. Spela en vecka du missade.",
    url: `${origin}${ARCHIVE_PATH}${page.page > 1 ? `?${PAGE_PARAM}=${page.page}` : ""}`,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const now = requestNow(request);
  const featured = await findFeaturedWeeklyQuiz(db, now);
  const asked = parsePage(new URL(request.url).searchParams);
  const page = await listWeeklyArchive(db, now, asked, featured?.id ?? null);
  return { featured, page, origin: siteOrigin() };
}

export default function QuizArchive({ loaderData }: Route.ComponentProps) {
  const { featured, page } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/veckans-nutidsquiz"
        className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        ← Veckans NutidsQuiz
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">NutidsQuiz-arkivet</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Alla veckors NutidsQuiz, det senaste först. Spela en vecka du missade.
      </p>
      {featured ? (
        <p className="mt-4 text-sm">
          Den här veckan:{" "}
          <Link
            to={`/veckans-nutidsquiz/${featured.titleSlug}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {featured.title}
          </Link>
        </p>
      ) : null}

      {page.quizzes.length === 0 ? (
        <EmptyState className="mt-8">Inga tidigare veckor än.</EmptyState>
      ) : (
        <ol className="mt-8 flex flex-col gap-3">
          {page.quizzes.map((quiz) => (
            <li key={quiz.id}>
              <article
                aria-labelledby={`archive-${quiz.id}`}
                className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5 dark:border-stone-800 dark:bg-stone-900"
              >
                <div className="flex min-w-0 flex-col gap-1.5">
                  <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">
                    {quiz.week ? weekWithDates(quiz.week) : null}
                  </p>
                  <h2 id={`archive-${quiz.id}`} className="text-lg font-semibold leading-snug">
                    <Link
                      to={`/veckans-nutidsquiz/${quiz.titleSlug}`}
                      className="hover:text-brand-700 dark:hover:text-brand-300"
                    >
                      {quiz.title}
                    </Link>
                  </h2>
                  <QuizMeta quiz={quiz} />
                </div>
                <Link
                  to={`/veckans-nutidsquiz/spela/${quiz.id}`}
                  className={buttonClasses("primary", "shrink-0 self-start sm:self-center")}
                  aria-label={`Spela ${quiz.week ? weeklyQuizLabel(quiz.week) : quiz.title}`}
                >
                  <Play className="size-4" aria-hidden /> Spela
                </Link>
              </article>
            </li>
          ))}
        </ol>
      )}

      {page.pages > 1 ? (
        <PageLinks
          page={page.page}
          pages={page.pages}
          hrefFor={(n) => pageHref(ARCHIVE_PATH, new URLSearchParams(), n)}
        />
      ) : null}
    </div>
  );
}
