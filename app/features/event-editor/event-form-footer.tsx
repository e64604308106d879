import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DELETE_CONFIRMATION } from "./delete-confirmation";

export function EventFormFooter({
  summary,
  summaryId,
  isEdit,
  canDelete,
  isSaving,
  onCancel,
  onDelete,
}: {
  summary: string | null;
  summaryId: string;
  isEdit: boolean;
  canDelete: boolean;
  isSaving: boolean;
  onCancel?: () => void;
  onDelete: () => void;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <>
      {summary ? (
        <p
          id={summaryId}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {summary}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:items-center dark:border-stone-800">
        {canDelete ? (
          <Button
            variant="destructive"
            disabled={isSaving}
            onClick={() => setConfirmOpen(true)}
            className="sm:mr-auto"
          >
            <Trash2 className="size-4" aria-hidden /> Ta bort
          </Button>
        ) : null}
        {onCancel ? (
          <Button variant="secondary" disabled={isSaving} onClick={onCancel} className="sm:ml-auto">
            Avbryt
          </Button>
        ) : null}
        <Button type="submit" disabled={isSaving} className={onCancel ? undefined : "sm:ml-auto"}>
          {isSaving ? "Laddar upp..." : isEdit ? "Spara ändringar" : "Lägg till quiz"}
        </Button>
      </div>
      {isEdit ? (
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title="Ta bort quiz"
          description={DELETE_CONFIRMATION}
          confirmLabel="Ta bort"
          onConfirm={onDelete}
        />
      ) : null}
    </>
  );
}
