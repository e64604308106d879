import { getViewer } from "~/features/auth/guard.server";
import { CHALLENGE_PARAM } from "~/features/play/challenge";
import { readChallenge } from "~/features/play/challenge.server";
import { getPublicQuestions } from "~/features/play/public-questions.server";
import { QuizPlayer } from "~/features/play/quiz-player";
import { ogImagePath } from "~/features/quizzes/og-image.server";
import { findQuizRow, isPublished, weekOf } from "~/features/quizzes/quiz-queries.server";
import { nextQuizText } from "~/features/quizzes/weekly";
import {
  findFeaturedWeeklyQuiz,
  findNextScheduledWeeklyQuiz,
} from "~/features/quizzes/weekly-quizzes.server";
import { pageMeta } from "~/features/seo/page-meta";
import { appErrorPage } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/quiz-play";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: "Sidan hittades inte – Quizkväll" }];
  const { quiz, origin, ogImage } = loaderData;
  return pageMeta({
    title: `Spela ${quiz.title} – Quizkväll`,
    description: `Spela ${quiz.title} och jämför dig med snittet.`,
    url: `${origin}/veckans-nutidsquiz/spela/${quiz.id}`,
    image: ogImage ? `${origin}${ogImage}` : null,
    noindex: true,
  });
}

/** The player's data: questions and options only. The answer key stays on the server until answered. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const now = requestNow(request);
  const quiz = await findQuizRow(db, params.id);
  const published = Boolean(quiz && isPublished(quiz, now));
  const isPreview = Boolean(quiz && !published && (await getViewer(request)).isAdmin);
  if (!quiz || (!published && !isPreview)) throw appErrorPage("not-found");
  const questions = await getPublicQuestions(db, quiz.id);
  const week = weekOf(quiz);
  return {
    quiz: { id: quiz.id, title: quiz.title, titleSlug: quiz.titleSlug, category: quiz.category },
    questions,
    isPreview,
    challenge: readChallenge(new URL(request.url).searchParams.get(CHALLENGE_PARAM), quiz.id),
    // A weekly quiz's end says when the next one comes; playing it while it is "Veckans" keeps a streak (on
    // the Sunday the next week's quiz is out, the week that is ending is already the archive's).
    weekly: week
      ? {
          week,
          isThisWeeks: (await findFeaturedWeeklyQuiz(db, now))?.id === quiz.id,
          next: nextQuizText(now, await findNextScheduledWeeklyQuiz(db, now)),
        }
      : null,
    shareUrl: `${siteOrigin()}/veckans-nutidsquiz/${quiz.titleSlug}`,
    origin: siteOrigin(),
    ogImage: published ? ogImagePath({ ...quiz, week, questionCount: questions.length }) : null,
  };
}

export default function QuizPlay({ loaderData }: Route.ComponentProps) {
  const { quiz, shareUrl, questions, isPreview, weekly, challenge } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <QuizPlayer
        key={quiz.id}
        quiz={quiz}
        shareUrl={shareUrl}
        questions={questions}
        isPreview={isPreview}
        weekly={weekly}
        challenge={challenge}
      />
    </div>
  );
}
