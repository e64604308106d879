import { Play, ThumbsUp, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { keepPageAfterListSignup, ListSignupForm } from "~/features/follows/public-signup";
import { CHALLENGE_PARAM, challengeHeadline } from "~/features/play/challenge";
import { readChallenge } from "~/features/play/challenge.server";
import { formatAverage } from "~/features/play/play-rules";
import { getQuizStats } from "~/features/play/quiz-stats.server";
import { YourResult } from "~/features/play/your-result";
import { difficultyLabel } from "~/features/quizzes/categories";
import { ogImagePath } from "~/features/quizzes/og-image.server";
import { QuizImage, QuizMeta } from "~/features/quizzes/quiz-card";
import { findActiveQuizSummaryBySlug } from "~/features/quizzes/quiz-queries.server";
import { weekWithDates } from "~/features/quizzes/weekly";
import { pageMeta } from "~/features/seo/page-meta";
import { appErrorPage } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/quiz-detail";

/** "Få veckans NutidsQuiz" changes nothing the page shows: its data is not read again after it. */
export const shouldRevalidate = keepPageAfterListSignup;

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: "Sidan hittades inte – Quizkväll" }];
  const { quiz, origin, ogImage } = loaderData;
  return pageMeta({
    title: `${quiz.title} – Quizkväll`,
    description:
      quiz.description ??
      `${quiz.category}, ${difficultyLabel(quiz.difficulty).toLowerCase()}: ${quiz.questionCount} frågor. Spela och jämför dig med snittet.`,
    url: `${origin}/veckans-nutidsquiz/${quiz.titleSlug}`,
    image: `${origin}${ogImage}`,
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const quiz = await findActiveQuizSummaryBySlug(db, params.titleSlug, requestNow(request));
  if (!quiz) throw appErrorPage("not-found");
  // "Utmana en vän": a friend's result to beat, carried on to the player.
  const code = new URL(request.url).searchParams.get(CHALLENGE_PARAM);
  const challenge = readChallenge(code, quiz.id);
  return {
    quiz,
    challenge: challenge ? { ...challenge, code: code ?? "" } : null,
    stats: await getQuizStats(db, quiz.id),
    origin: siteOrigin(),
    ogImage: ogImagePath(quiz),
  };
}

export default function QuizDetail({ loaderData }: Route.ComponentProps) {
  const { quiz, stats, challenge } = loaderData;
  const votes = stats.up + stats.down;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/veckans-nutidsquiz"
        className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        ← Alla quiz
      </Link>
      <article className="mt-4 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900">
        <QuizImage quiz={quiz} />
        <div className="flex flex-col gap-4 p-6 sm:p-8">
          <QuizMeta quiz={quiz} />
          {challenge ? (
            <p className="rounded-2xl bg-brand-50 px-4 py-3 text-lg font-semibold text-brand-900 dark:bg-brand-950/60 dark:text-brand-100">
              {challengeHeadline(challenge)}
            </p>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight">{quiz.title}</h1>
          {quiz.week ? (
            <p className="text-sm font-medium text-stone-600 dark:text-stone-400">
              {weekWithDates(quiz.week)}
            </p>
          ) : null}
          {quiz.description ? <p className="text-stone-700 dark:text-stone-300">{quiz.description}</p> : null}
          <dl className="grid grid-cols-3 gap-3 rounded-2xl bg-stone-50 p-4 text-center dark:bg-stone-950/60">
            <div>
              <dt className="flex items-center justify-center gap-1 text-xs text-stone-600 dark:text-stone-400">
                <Users className="size-3.5" aria-hidden /> Spelare
              </dt>
              <dd className="mt-1 text-xl font-semibold">{stats.players}</dd>
            </div>
            <div>
              <dt className="text-xs text-stone-600 dark:text-stone-400">Snitt</dt>
              <dd className="mt-1 text-xl font-semibold">
                {formatAverage(stats.average)}{" "}
                <span className="text-sm font-normal">av {quiz.questionCount}</span>
              </dd>
            </div>
            <div>
              <dt className="flex items-center justify-center gap-1 text-xs text-stone-600 dark:text-stone-400">
                <ThumbsUp className="size-3.5" aria-hidden /> Gillar
              </dt>
              <dd className="mt-1 text-xl font-semibold">
                {votes ? `${Math.round((stats.up / votes) * 100)} %` : "–"}
              </dd>
            </div>
          </dl>
          <Link
            to={`/veckans-nutidsquiz/spela/${quiz.id}${challenge ? `?${CHALLENGE_PARAM}=${encodeURIComponent(challenge.code)}` : ""}`}
            className={buttonClasses("primary", "self-start px-6")}
          >
            <Play className="size-4" aria-hidden /> Spela
          </Link>
          <YourResult quizId={quiz.id} />
        </div>
      </article>
      {quiz.week ? (
        <div className="mt-6">
          <ListSignupForm target={{ kind: "nutidsquiz" }} />
        </div>
      ) : null}
    </div>
  );
}
