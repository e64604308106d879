import { X } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

export function PromoPanel({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <div
      id={id}
      className="w-72 rounded-2xl border border-stone-200 bg-white p-4 shadow-xl dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">Veckans NutidsQuiz</p>
        <button
          type="button"
          aria-label="Stäng"
          onClick={onClose}
          className="-m-1 rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        Hur bra koll har du på veckans nyheter? En ny NutidsQuiz varje söndag.
      </p>
      <Link to="/veckans-quiz" className={buttonClasses("primary", "mt-3 w-full")}>
        Spela veckans quiz
      </Link>
    </div>
  );
}
