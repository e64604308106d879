import { BarChart3, Flag, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { ReportsPanel } from "~/features/reports/reports-panel";
import type { EventView } from "../event-view";
import { AdminRequestError, adminFetch } from "./admin-fetch";
import { ConfirmDialog } from "./confirm-dialog";
import { DELETE_CONFIRMATION, EventForm } from "./event-form";

/**
 * Admin-only controls rendered by the home page and the event card when the viewer is an admin. They
 * report changes upward so the home list updates in place.
 */
export type EventsChange =
  | { kind: "created"; event: EventView }
  | { kind: "updated"; event: EventView }
  | { kind: "deleted"; id: string };

type OpenPanel = "form" | "reports" | null;

/** 'Lägg till Quiz Manuellt', 'Visa/Dölj Rapporter', 'Öl-aktivitet', the add form and the reports panel. */
export function HomeAdminControls({ onEventsChange }: { onEventsChange: (change: EventsChange) => void }) {
  // The add form and the reports panel are mutually exclusive (spec §2).
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
          <EventForm
            onSaved={(event) => {
              onEventsChange({ kind: "created", event });
              setOpen(null);
            }}
            onCancel={() => setOpen(null)}
          />
        </div>
      ) : null}
      {open === "reports" ? (
        <div id="admin-reports" className="mt-4">
          <ReportsPanel />
        </div>
      ) : null}
    </section>
  );
}

/** Deletes an event with the §8 toasts; resolves true when it is gone. */
async function deleteEventRequest(event: EventView, onEventsChange: (change: EventsChange) => void) {
  try {
    await adminFetch(`/api/admin/events/${event.id}`, { method: "DELETE" });
    toast.success("Quiz borttaget", { description: "Quiz har tagits bort framgångsrikt" });
    onEventsChange({ kind: "deleted", id: event.id });
    return true;
  } catch (error) {
    const message = error instanceof AdminRequestError ? error.message : "Ett oväntat fel inträffade";
    toast.error("Fel vid borttagning av event", { description: message });
    console.warn("event delete failed", error);
    return false;
  }
}

/** Edit and delete on one card. */
export function EventCardAdminActions({
  event,
  onEventsChange,
}: {
  event: EventView;
  onEventsChange: (change: EventsChange) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        className="min-h-9 px-2"
        aria-label={`Redigera ${event.title}`}
        title="Redigera"
        onClick={() => setEditing(true)}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className="min-h-9 px-2 text-red-700 hover:text-red-800 dark:text-red-300"
        aria-label={`Ta bort ${event.title}`}
        title="Ta bort"
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent title="Redigera Quiz" className="max-w-2xl">
          <EventForm
            event={event}
            onSaved={(saved) => {
              onEventsChange({ kind: "updated", event: saved });
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
            onDelete={async () => {
              const deleted = await deleteEventRequest(event, onEventsChange);
              if (deleted) setEditing(false);
              return deleted;
            }}
          />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Ta bort quiz"
        description={DELETE_CONFIRMATION}
        confirmLabel="Ta bort"
        onConfirm={() => void deleteEventRequest(event, onEventsChange)}
      />
    </div>
  );
}
