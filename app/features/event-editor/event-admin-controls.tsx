import { Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import type { CardEvent, EventView } from "~/features/events/public";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { useSubmitting } from "~/lib/use-submitting";

const EventCardAdminDialogs = lazy(() => import("./event-card-admin-dialogs"));

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

/** Editing reads the event in full first; after a write the router reloads the page's data. */
export function EventCardAdminActions({ event }: { event: CardEvent }) {
  const [full, setFull] = useState<EventView | null>(null);
  const loading = useSubmitting();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The dialogs stay mounted after the first open so they keep their closing behaviour.
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
