import { QuizListHeading, QuizListSkeleton } from "./quiz-list-skeleton";

/**
 * What the page area shows while a navigation to the quiz list waits for its data. Only the root imports it,
 * and only lazily: the quiz list route imports the heading and the skeleton itself, so a module both of them
 * imported would have been bundled with the route and the root's lazy import would split nothing.
 */
export function QuizListPendingPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <QuizListHeading />
      <QuizListSkeleton />
    </div>
  );
}
