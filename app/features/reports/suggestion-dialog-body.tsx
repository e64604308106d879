import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/components/ui/toast";
import { useActionResult } from "~/lib/use-action-result";
import type { PageFormAnswer } from "./page-form-answer";
import { SuggestionForm } from "./report-forms";
import { SUGGESTION_PAGE_PATH } from "./suggestion-page-path";

export default function SuggestionDialogBody({
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps) {
  const fetcher = useFetcher<PageFormAnswer>();
  const [answer, setAnswer] = useState<PageFormAnswer>();
  // A refusal that arrives after the visitor closed the dialog is not shown in the next opening.
  const isOpenRef = useRef(open);
  useEffect(() => {
    isOpenRef.current = open;
  }, [open]);

  function handleOpenChange(next: boolean) {
    isOpenRef.current = next;
    onOpenChange(next);
    if (!next) setAnswer(undefined);
  }

  useActionResult(fetcher.data, (data) => {
    if (!data.ok) {
      if (isOpenRef.current) setAnswer(data);
      if (data.formError) toast.error("Fel", { description: data.formError });
      return;
    }
    toast.success("Tack för ditt förslag!", {
      description: "Vi kommer att granska ditt förslag på nytt quiz-ställe.",
    });
    handleOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={onCloseAutoFocus}
        title="Föreslå ett quizställe"
        description="Känner du till ett quiz som saknas här? Tipsa oss så lägger vi till det."
      >
        <SuggestionForm
          as={fetcher.Form}
          action={SUGGESTION_PAGE_PATH}
          answer={answer}
          isBusy={fetcher.state !== "idle"}
          inDialog
        />
      </DialogContent>
    </Dialog>
  );
}
