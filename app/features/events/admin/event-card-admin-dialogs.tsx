import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { EventView } from "../event-view";
import { DELETE_CONFIRMATION, EventForm } from "./event-form";

/** The edit dialog and the delete confirmation of one card, loaded when the admin first opens either. */
export default function EventCardAdminDialogs({
  event,
  editing,
  onEditingChange,
  confirming,
  onConfirmingChange,
  onSaved,
  onDatesChanged,
  onDelete,
}: {
  /** The event in full once the admin has opened the editor (the delete confirmation needs none). */
  event: EventView | null;
  editing: boolean;
  onEditingChange: (open: boolean) => void;
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  onSaved: (event: EventView) => void;
  onDatesChanged: (event: EventView) => void;
  onDelete: () => Promise<boolean>;
}) {
  return (
    <>
      <Dialog open={editing && event !== null} onOpenChange={onEditingChange}>
        <DialogContent title="Redigera Quiz" className="max-w-2xl">
          {event && (
            <EventForm
              event={event}
              onSaved={onSaved}
              onDatesChanged={onDatesChanged}
              onCancel={() => onEditingChange(false)}
              onDelete={async () => {
                const deleted = await onDelete();
                if (deleted) onEditingChange(false);
                return deleted;
              }}
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
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
