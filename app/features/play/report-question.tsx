import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { QUESTION_REPORT_REASONS, type QuestionReportReason } from "./play-rules";

type Props = { onReport: (reason: QuestionReportReason) => Promise<boolean> };

/** "Rapportera frågan" in the feedback: fel svar, otydlig or inaktuell, sent once chosen. */
export function ReportQuestion({ onReport }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const [sent, setSent] = useState<QuestionReportReason | null>(null);
  const [isSending, setIsSending] = useState(false);
  const choicesId = useId();

  async function send(reason: QuestionReportReason) {
    setIsSending(true);
    const ok = await onReport(reason);
    setIsSending(false);
    if (ok) setSent(reason);
  }

  if (sent) {
    return (
      <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
        Tack! Frågan är rapporterad: {QUESTION_REPORT_REASONS[sent].toLowerCase()}.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={choicesId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-10 items-center gap-1.5 self-start rounded-lg text-sm font-medium text-stone-700 underline-offset-2 hover:underline dark:text-stone-300"
      >
        <Flag className="size-4" aria-hidden /> Rapportera frågan
      </button>
      {isOpen ? (
        <fieldset id={choicesId} className="flex flex-wrap gap-2">
          <legend className="sr-only">Vad är fel med frågan?</legend>
          {(Object.keys(QUESTION_REPORT_REASONS) as QuestionReportReason[]).map((reason) => (
            <Button key={reason} variant="secondary" disabled={isSending} onClick={() => send(reason)}>
              {QUESTION_REPORT_REASONS[reason]}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
