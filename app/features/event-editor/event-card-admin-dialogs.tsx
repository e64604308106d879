import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { CardEvent, EventView } from "~/features/events/public";
import { DELETE_CONFIRMATION } from "./delete-confirmation";
import { EventForm } from "./event-form";
import { useDeleteEvent } from "./use-delete-event";

/** The edit dialog and the delete confirmation of one card, loaded when the admin first opens either. */
export default function EventCardAdminDialogs({
  card,
  event,
  editing,
  onEditingChange,
  confirming,
  onConfirmingChange,
}: {
  card: CardEvent;
  event: EventView | null;
  editing: boolean;
  onEditingChange: (open: boolean) => void;
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
}) {
  const deletion = useDeleteEvent(card);
  return (
    <>
      <Dialog open={editing && event !== null} onOpenChange={onEditingChange}>
        <DialogContent title="Redigera Quiz" className="max-w-2xl">
          {event && (
            <EventForm
              event={event}
              onSaved={() => onEditingChange(false)}
              onCancel={() => onEditingChange(false)}
              onDeleted={() => onEditingChange(false)}
            />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={onConfirmingChange}
        title="Ta bort quiz"
        description={DELETE_CONFIRMATION}
        confirmLabel="Ta bort"
        onConfirm={deletion.remove}
      />
    </>
  );
}
