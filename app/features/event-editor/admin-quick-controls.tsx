import { BarChart3, Flag, Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { QUIZ_NIGHT_HINT } from "./quiz-night-hint";

const EventForm = lazy(() => import("./event-form").then((m) => ({ default: m.EventForm })));
const ReportsPanel = lazy(() =>
  import("~/features/reports/public-reports-panel").then((m) => ({ default: m.ReportsPanel })),
);

type OpenPanel = "form" | "reports" | null;

export function AdminQuickControls() {
  const [open, setOpen] = useState<OpenPanel>(null);
  const toggle = (panel: Exclude<OpenPanel, null>) =>
    setOpen((current) => (current === panel ? null : panel));

  return (
    <section
      aria-label="Administration"
      className="rounded-2xl border border-dashed border-brand-300 bg-brand-50/60 p-4 dark:border-brand-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap gap-2">
        <Button
          variant={open === "form" ? "primary" : "secondary"}
          aria-expanded={open === "form"}
          aria-controls="admin-add-event"
          aria-describedby="lagg-till-hint"
          onClick={() => toggle("form")}
        >
          <Plus className="size-4" aria-hidden /> Lägg till Quiz Manuellt
        </Button>
        <Button
          variant={open === "reports" ? "primary" : "secondary"}
          aria-expanded={open === "reports"}
          aria-controls="admin-reports"
          onClick={() => toggle("reports")}
        >
          <Flag className="size-4" aria-hidden /> Visa/Dölj Rapporter
        </Button>
        <Link to="/admin/beer-activity" className={buttonClasses("ghost")}>
          <BarChart3 className="size-4" aria-hidden /> Öl-aktivitet
        </Link>
      </div>
      <p id="lagg-till-hint" className="mt-2 text-xs text-stone-600 dark:text-stone-400">
        {QUIZ_NIGHT_HINT}
      </p>
      {open === "form" ? (
        <div
          id="admin-add-event"
          className="mt-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-950"
        >
          <h2 className="mb-4 text-lg font-semibold">Lägg till Quiz Manuellt</h2>
          <Suspense fallback={null}>
            <EventForm onSaved={() => setOpen(null)} onCancel={() => setOpen(null)} />
          </Suspense>
        </div>
      ) : null}
      {open === "reports" ? (
        <div id="admin-reports" className="mt-4">
          <Suspense fallback={null}>
            <ReportsPanel />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
