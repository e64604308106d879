import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { LazyDialogBodyProps } from "~/components/ui/lazy-dialog";
import { toast } from "~/components/ui/toast";
import { useActionResult } from "~/lib/use-action-result";
import type { PageFormAnswer } from "./page-form-answer";
import { ReportForm } from "./report-forms";

const REPORT_AUTO_CLOSE_MS = 2000;

export default function ReportDialogBody({
  eventId,
  eventTitle,
  eventPath,
  open,
  onOpenChange,
  contentId,
  onCloseAutoFocus,
}: LazyDialogBodyProps & { eventId: string; eventTitle: string; eventPath: string }) {
  const fetcher = useFetcher<PageFormAnswer>();
  // The answer shown is this opening's: a closed dialog opens again on an empty form.
  const [answer, setAnswer] = useState<PageFormAnswer>();
  const closeTimer = useRef<number | undefined>(undefined);
  // A reply that arrives after the visitor closed the dialog must not reopen it on the thank-you panel.
  const isOpenRef = useRef(open);
  useEffect(() => {
    isOpenRef.current = open;
  }, [open]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function handleOpenChange(next: boolean) {
    isOpenRef.current = next;
    onOpenChange(next);
    if (next) return;
    window.clearTimeout(closeTimer.current);
    setAnswer(undefined);
  }

  useActionResult(fetcher.data, (data) => {
    if (!isOpenRef.current) return;
    setAnswer(data);
    if (!data.ok) {
      if (data.formError) toast.error("Fel vid rapportering", { description: data.formError });
      return;
    }
    toast.success("Rapport skickad");
    closeTimer.current = window.setTimeout(() => handleOpenChange(false), REPORT_AUTO_CLOSE_MS);
  });

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
          eventId={eventId}
          as={fetcher.Form}
          action={`${eventPath}/rapportera`}
          answer={answer}
          isBusy={fetcher.state !== "idle"}
          inDialog
        />
      </DialogContent>
    </Dialog>
  );
}
