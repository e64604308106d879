import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/components/ui/toast";
import { dialogCancel, useFormDialog } from "./form-dialog";
import { formErrorText } from "./page-form-answer";
import {
  SUGGESTION_FAILED_FALLBACK,
  SUGGESTION_FAILED_TITLE,
  SUGGESTION_THANKS,
  SuggestionForm,
} from "./suggestion-form";

/**
 * The venue suggestion dialog, loaded when its trigger (suggestion-dialog.tsx) is first used: the
 * suggestion page's form, posted in place, with the spec's toasts beside its answers.
 */
export default function SuggestionDialogBody({
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps) {
  const { formKey, handleOpenChange, closeAfterThanks } = useFormDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Föreslå ett quizställe"
        description="Känner du till ett quiz som saknas här? Tipsa oss så lägger vi till det."
      >
        <SuggestionForm
          key={formKey}
          waitsForRequired
          cancel={dialogCancel}
          onAnswer={(answer) => {
            if (answer.ok) {
              toast.success(SUGGESTION_THANKS.title, { description: SUGGESTION_THANKS.text });
              closeAfterThanks();
              return;
            }
            const message = formErrorText(answer, SUGGESTION_FAILED_FALLBACK);
            if (message) toast.error(SUGGESTION_FAILED_TITLE, { description: message });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
