import { Link } from "react-router";

const LINK_CLASSES = "text-sm font-medium text-brand-700 hover:underline dark:text-brand-300";

/** The way back from an admin page: always the dashboard, and the quiz list from a quiz's own pages. */
export function AdminBackLinks({ quizList = false }: { quizList?: boolean }) {
  return (
    <nav aria-label="Tillbaka" className="flex flex-wrap gap-x-4 gap-y-1">
      <Link to="/admin" className={LINK_CLASSES}>
        ← Adminpanelen
      </Link>
      {quizList && (
        <Link to="/admin/quizzes" className={LINK_CLASSES}>
          Alla quiz
        </Link>
      )}
    </nav>
  );
}
