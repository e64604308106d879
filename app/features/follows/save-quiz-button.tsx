import { Star } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { apiErrorMessage } from "~/lib/api-client";
import {
  readMyQuizzes,
  removeQuiz,
  type SavedQuiz,
  saveQuiz,
  serverSnapshot,
  subscribeMyQuizzes,
} from "./my-quizzes-store";

/**
 * "Spara i Mina quiz": stars an event in this browser; its nights join the personal calendar feed. The list
 * lives in the browser's storage, so without JavaScript (and before hydration) there is nothing to show.
 */
export function SaveQuizButton({ quiz }: { quiz: SavedQuiz }) {
  const mine = useSyncExternalStore(subscribeMyQuizzes, readMyQuizzes, serverSnapshot);
  const [error, setError] = useState<string | null>(null);
  if (mine === null) return null;
  const saved = mine.quizzes.some((q) => q.id === quiz.id);
  const toggle = () => {
    setError(null);
    (saved ? removeQuiz(quiz.id) : saveQuiz(quiz)).catch((e) =>
      setError(apiErrorMessage(e, "Det gick inte att spara. Försök igen.")),
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className={buttonClasses("secondary")} aria-pressed={saved} onClick={toggle}>
        <Star aria-hidden className={saved ? "size-4 fill-current" : "size-4"} />
        {saved ? "Sparad i Mina quiz" : "Spara i Mina quiz"}
      </button>
      <Link to="/mina-quiz" className="text-sm underline">
        Mina quiz
      </Link>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
