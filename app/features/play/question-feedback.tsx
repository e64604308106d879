import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { OPTION_LETTERS } from "~/features/quizzes/public";
import { cn } from "~/lib/cn";
import type { AnswerFeedback, PublicQuestion } from "./play-contract";
import { correctShareText, type QuestionReportReason } from "./play-rules";
import type { PlayerPhase } from "./quiz-player-state";
import { ReportQuestion } from "./report-question";
import { SourceLine } from "./source-line";

type Props = {
  question: PublicQuestion;
  feedback: AnswerFeedback;
  phase: PlayerPhase;
  isLast: boolean;
  isPreview: boolean;
  onNext: () => void;
  onReport: (reason: QuestionReportReason) => Promise<boolean>;
};

/**
 * An answered question's feedback: right or wrong, how many got it right, the source, "Rapportera frågan"
 * and the way on. Never part of the server's page (it follows an answer), so its code is not in the first
 * load: the player asks for it with the first answer, or as soon as it resumes a stored play.
 */
export function QuestionFeedback({ question, feedback, phase, isLast, isPreview, onNext, onReport }: Props) {
  const nextRef = useRef<HTMLButtonElement>(null);
  // Keyboard and screen-reader users land on the way on after an answer.
  useEffect(() => {
    if (phase === "feedback") nextRef.current?.focus();
  }, [phase]);

  const correctIndex = question.options.findIndex((o) => o.id === feedback.correctOptionId);
  return (
    <div className="flex flex-col gap-3">
      <p
        className={cn(
          "font-semibold",
          feedback.isCorrect ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300",
        )}
      >
        {feedback.isCorrect
          ? "Rätt svar!"
          : `Fel svar. Rätt svar: ${OPTION_LETTERS[correctIndex] ?? ""} ${question.options[correctIndex]?.optionText ?? ""}`}
      </p>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {correctShareText(feedback.shares[feedback.correctOptionId] ?? 0, feedback.players)}
      </p>
      {feedback.source ? <SourceLine source={feedback.source} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        {isPreview ? <span /> : <ReportQuestion key={question.id} onReport={onReport} />}
        <Button ref={nextRef} onClick={onNext}>
          {isLast ? "Se resultat" : "Nästa fråga"}
        </Button>
      </div>
    </div>
  );
}
