import { Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { buttonClasses } from "~/components/ui/button";
import { GenerateQuizButton } from "./generate-quiz-button";

const ADMIN_QUIZ_SKELETON_CARDS = 6;

export { ADMIN_QUIZ_LIST_PATH } from "./paths";

export function QuizListHeading() {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <AdminBackLinks />
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Hantera quiz</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">Skapa, redigera och följ upp quiz.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <GenerateQuizButton />
        <Link to="/admin/quizzes/new" className={buttonClasses("primary")}>
          <Plus className="size-4" aria-hidden /> Skapa nytt quiz
        </Link>
      </div>
    </div>
  );
}

export function QuizListSkeleton() {
  return (
    <ul data-skeleton="admin-quizzes" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
      {Array.from({ length: ADMIN_QUIZ_SKELETON_CARDS }, (_, i) => (
        <li key={i} className="h-44 animate-pulse rounded-2xl bg-stone-200 dark:bg-stone-800" />
      ))}
    </ul>
  );
}
