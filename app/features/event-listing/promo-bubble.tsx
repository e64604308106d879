import { Newspaper, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { deferred } from "~/components/ui/deferred";
import { cn } from "~/lib/cn";

const DISMISS_KEY = "quizkvall_promo_closed";

/** The open card is its own chunk, asked for on load; opened earlier, it shows once it arrives. */
const PromoPanel = deferred(() => import("./promo-panel").then((m) => m.PromoPanel));

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
  const close = () => {
    sessionStorage.setItem(DISMISS_KEY, "1");
    setClosed(true);
  };
  return (
    <aside
      aria-label="Veckans NutidsQuiz"
      className={cn(
        "fixed bottom-4 z-30 flex flex-col gap-2 [body:has([role=dialog])_&]:hidden",
        side === "left" ? "left-4 items-start md:right-4 md:left-auto md:items-end" : "right-4 items-end",
      )}
    >
      {open && <PromoPanel id={panelId} onClose={close} />}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Dölj NutidsQuiz" : "Visa NutidsQuiz"}
        onClick={() => {
          if (!open) void PromoPanel.preload();
          setOpen(!open);
        }}
        className="grid size-14 place-items-center rounded-full bg-brand-700 text-white shadow-lg transition-transform hover:scale-105 dark:bg-brand-300 dark:text-stone-950"
      >
        {open ? <X aria-hidden className="size-6" /> : <Newspaper aria-hidden className="size-6" />}
      </button>
    </aside>
  );
}
