import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/components/ui/toast";
import { dialogCancel, useFormDialog } from "./form-dialog";
import { formErrorText } from "./page-form-answer";
import { isReportIncomplete, REPORT_FAILED_FALLBACK, REPORT_FAILED_TITLE, ReportForm } from "./report-form";
import { REQUIRED_FIELDS_MESSAGE, REQUIRED_FIELDS_TITLE } from "./report-schema";

/**
 * The 'Rapportera problem' dialog, loaded when its trigger (report-dialog.tsx) is first used: the event's
 * report page's form (`reportPath`), posted in place, with the spec's toasts beside its answers.
 */
export default function ReportDialogBody({
  eventId,
  eventTitle,
  reportPath,
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps & { eventId: string; eventTitle: string; reportPath: string }) {
  const { formKey, handleOpenChange, closeAfterThanks } = useFormDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Rapportera problem"
        description={
          <>
            Rapporterar för:{" "}
            <strong className="font-semibold text-stone-900 dark:text-stone-100">{eventTitle}</strong>
          </>
        }
      >
        <ReportForm
          key={formKey}
          eventId={eventId}
          action={reportPath}
          cancel={dialogCancel}
          onInvalid={(errors) => {
            if (isReportIncomplete(errors))
              toast.error(REQUIRED_FIELDS_TITLE, { description: REQUIRED_FIELDS_MESSAGE });
          }}
          onAnswer={(answer) => {
            if (answer.ok) {
              toast.success("Rapport skickad");
              closeAfterThanks();
              return;
            }
            const message = formErrorText(answer, REPORT_FAILED_FALLBACK);
            if (message) toast.error(REPORT_FAILED_TITLE, { description: message });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
