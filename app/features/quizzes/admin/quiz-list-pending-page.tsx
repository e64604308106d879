import { QuizListHeading, QuizListSkeleton } from "./quiz-list-skeleton";

export function QuizListPendingPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <QuizListHeading />
      <QuizListSkeleton />
    </div>
  );
}
