import { BarChart3, Flag, Pencil, Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { useSubmitting } from "~/lib/use-submitting";
import type { CardEvent } from "../card-event";
import type { EventView } from "../event-view";

/** The forms, the reports panel and the dialogs load when an admin first opens them. */
const EventForm = lazy(() => import("./event-form").then((m) => ({ default: m.EventForm })));
const ReportsPanel = lazy(() =>
  import("~/features/reports/public-reports-panel").then((m) => ({ default: m.ReportsPanel })),
);
const EventCardAdminDialogs = lazy(() => import("./event-card-admin-dialogs"));

/**
 * Admin-only controls rendered by the home page and the event card when the viewer is an admin. Their writes
 * go to the event editor's action, after which the router reloads the page's data.
 */
type OpenPanel = "form" | "reports" | null;

/** 'Lägg till Quiz Manuellt', 'Visa/Dölj Rapporter', 'Öl-aktivitet', the add form and the reports panel. */
export function HomeAdminControls() {
  // The add form and the reports panel are mutually exclusive: one open at a time.
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

/** The event in full (the edit form needs every field), with the error toast when it cannot be read. */
async function fetchFullEvent(id: string): Promise<EventView | null> {
  try {
    return (await apiFetch<{ event: EventView }>(`/api/admin/events/${id}`)).event;
  } catch (error) {
    toast.error("Fel vid hämtning av events", {
      description: apiErrorMessage(error, "Ett oväntat fel inträffade"),
    });
    console.warn("event load failed", error);
    return null;
  }
}

/** Edit and delete on one card. The card holds what it shows; editing reads the event in full first. */
export function EventCardAdminActions({ event }: { event: CardEvent }) {
  const [full, setFull] = useState<EventView | null>(null);
  const loading = useSubmitting();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The dialogs stay mounted from the first open on, so they keep their closing behaviour afterwards.
  const [hasOpened, setHasOpened] = useState(false);

  const openEditor = () =>
    loading.run(async () => {
      const loaded = await fetchFullEvent(event.id);
      if (!loaded) return;
      setFull(loaded);
      setHasOpened(true);
      setEditing(true);
    });

  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        className="min-h-9 px-2"
        aria-label={`Redigera ${event.title}`}
        title="Redigera"
        disabled={loading.isSubmitting}
        onClick={openEditor}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className="min-h-9 px-2 text-red-700 hover:text-red-800 dark:text-red-300"
        aria-label={`Ta bort ${event.title}`}
        title="Ta bort"
        onClick={() => {
          setHasOpened(true);
          setConfirming(true);
        }}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <EventCardAdminDialogs
            card={event}
            event={full}
            editing={editing}
            onEditingChange={setEditing}
            confirming={confirming}
            onConfirmingChange={setConfirming}
          />
        </Suspense>
      )}
    </div>
  );
}
