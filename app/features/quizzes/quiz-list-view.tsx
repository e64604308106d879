import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { cn } from "~/lib/cn";
import { pageHref } from "~/lib/paging";
import { slugify } from "~/lib/slug";
import { QuizCard, QuizImage, QuizMeta } from "./quiz-card";
import { ARCHIVE_PATH } from "./quiz-format";
import type { QuizSummary } from "./quiz-queries.server";
import { weekWithDates } from "./weekly";

function chipClasses(active: boolean) {
  return cn(
    "inline-flex min-h-9 items-center rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors",
    active
      ? "border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-stone-950"
      : "border-stone-300 bg-white text-stone-800 hover:border-brand-500 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200",
  );
}

export function QuizListView({
  featured,
  category,
  categories,
  quizzes,
  page,
  pages,
  signup,
}: {
  featured: QuizSummary | null;
  category: string | null;
  categories: string[];
  quizzes: QuizSummary[];
  page: number;
  pages: number;
  signup: ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Veckans NutidsQuiz</h1>
      <p className="mt-2 max-w-2xl text-stone-600 dark:text-stone-400">
        Ett nytt NutidsQuiz varje söndag. Svara på frågorna, se hur andra svarade och jämför dig med snittet.
      </p>

      {featured ? (
        <section aria-labelledby="featured-heading" className="mt-8">
          <div className="grid overflow-hidden rounded-3xl border border-brand-200 bg-white shadow-sm md:grid-cols-2 dark:border-stone-800 dark:bg-stone-900">
            <QuizImage quiz={featured} className="md:aspect-auto md:h-full" />
            <div className="flex flex-col gap-3 p-6 sm:p-8">
              <p
                id="featured-heading"
                className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300"
              >
                Veckans NutidsQuiz
              </p>
              <h2 className="text-2xl font-bold leading-tight">{featured.title}</h2>
              {featured.week ? (
                <p className="text-sm text-stone-600 dark:text-stone-400">{weekWithDates(featured.week)}</p>
              ) : null}
              <QuizMeta quiz={featured} />
              {featured.description ? (
                <p className="text-stone-600 dark:text-stone-400">{featured.description}</p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Link to={`/veckans-nutidsquiz/spela/${featured.id}`} className={buttonClasses("primary")}>
                  Spela nu
                </Link>
                <Link to={`/veckans-nutidsquiz/${featured.titleSlug}`} className={buttonClasses("secondary")}>
                  Om quizet
                </Link>
              </div>
            </div>
          </div>
        </section>
      ) : (
        <EmptyState padding="sm" tone="body" centered={false} className="mt-8">
          Veckans NutidsQuiz är inte publicerat än. Ett nytt NutidsQuiz kommer varje söndag.
        </EmptyState>
      )}
      <p className="mt-4">
        <Link
          to={ARCHIVE_PATH}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Tidigare veckors NutidsQuiz
        </Link>
        {" · "}
        <Link
          to="/veckans-nutidsquiz/liga"
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Kompisligor: spela mot vänner
        </Link>
      </p>
      <div className="mt-6 max-w-2xl">{signup}</div>

      <section aria-labelledby="all-heading" className="mt-12">
        <h2 id="all-heading" className="text-xl font-semibold">
          Alla quiz
        </h2>
        <nav aria-label="Kategorier" className="-mx-4 mt-4 overflow-x-auto px-4 pb-2">
          <ul className="flex gap-2">
            <li>
              <Link
                to="/veckans-nutidsquiz"
                className={chipClasses(!category)}
                aria-current={category ? undefined : "page"}
              >
                Alla
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c}>
                <Link
                  to={`/veckans-nutidsquiz?kategori=${slugify(c)}`}
                  className={chipClasses(c === category)}
                  aria-current={c === category ? "page" : undefined}
                  preventScrollReset
                >
                  {c}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {quizzes.length === 0 ? (
          <EmptyState className="mt-6">Inga quiz i den här kategorin än.</EmptyState>
        ) : (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {quizzes.map((quiz) => (
              <li key={quiz.id}>
                <QuizCard quiz={quiz} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <PageLinks page={page} pages={pages} hrefFor={(n) => pageHref("/veckans-nutidsquiz", params, n)} />
        )}
      </section>
    </div>
  );
}
