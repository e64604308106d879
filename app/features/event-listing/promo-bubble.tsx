import { Newspaper, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";

const DISMISS_KEY = "quizkvall_promo_closed";

/**
 * The floating NutidsQuiz bubble: a round icon that expands to a card linking /veckans-quiz, and can be
 * closed for the browser session. It renders only after hydration, so it never shifts the page. Over the
 * phone's list it sits bottom left, on the rows' pictures, clear of their skåla counts at the right.
 */
export function PromoBubble({ side = "right" }: { side?: "left" | "right" }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(false);
  const panelId = useId();

  useEffect(() => {
    setClosed(sessionStorage.getItem(DISMISS_KEY) === "1");
    setMounted(true);
  }, []);

  if (!mounted || closed) return null;
  return (
    <aside
      aria-label="Veckans NutidsQuiz"
      className={cn(
        "fixed bottom-4 z-30 flex flex-col gap-2 [body:has([role=dialog])_&]:hidden",
        side === "left" ? "left-4 items-start md:right-4 md:left-auto md:items-end" : "right-4 items-end",
      )}
    >
      {open && (
        <div
          id={panelId}
          className="w-72 rounded-2xl border border-stone-200 bg-white p-4 shadow-xl dark:border-stone-700 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold">Veckans NutidsQuiz</p>
            <button
              type="button"
              aria-label="Stäng"
              onClick={() => {
                sessionStorage.setItem(DISMISS_KEY, "1");
                setClosed(true);
              }}
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
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Dölj NutidsQuiz" : "Visa NutidsQuiz"}
        onClick={() => setOpen(!open)}
        className="grid size-14 place-items-center rounded-full bg-brand-700 text-white shadow-lg transition-transform hover:scale-105 dark:bg-brand-300 dark:text-stone-950"
      >
        {open ? <X aria-hidden className="size-6" /> : <Newspaper aria-hidden className="size-6" />}
      </button>
    </aside>
  );
}
