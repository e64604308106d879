import { data } from "react-router";
import { getViewer } from "~/features/auth/guard.server";
import { getPublicQuestions } from "~/features/play/public-questions.server";
import { QuizPlayer } from "~/features/play/quiz-player";
import { getQuizRow } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/quiz-play";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: "Sidan hittades inte – Quizkväll" }];
  return [{ title: `Spela ${loaderData.quiz.title} – Quizkväll` }, { name: "robots", content: "noindex" }];
}

/** The player's data: questions and options only. The answer key stays on the server until answered. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const quiz = await getQuizRow(db, params.id);
  const isPreview = Boolean(quiz && !quiz.isActive && (await getViewer(request)).isAdmin);
  if (!quiz || (!quiz.isActive && !isPreview)) throw data(null, { status: 404 });
  return {
    quiz: { id: quiz.id, title: quiz.title, titleSlug: quiz.titleSlug, category: quiz.category },
    questions: await getPublicQuestions(db, quiz.id),
    isPreview,
  };
}

export default function QuizPlay({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <QuizPlayer key={loaderData.quiz.id} {...loaderData} />
    </div>
  );
}
