import { Check, X } from "lucide-react";
import { OPTION_LETTERS } from "~/features/quizzes/public";
import { cn } from "~/lib/cn";
import type { AnswerFeedback, PublicQuestion } from "./play-contract";

type Props = {
  options: PublicQuestion["options"];
  /** The server's answer to this question; until then the options are choices. */
  feedback: AnswerFeedback | undefined;
  isDisabled: boolean;
  onChoose: (optionId: string) => void;
};

/**
 * Options A, B, C; once answered, marked right or wrong with the share of earlier players on each. With no
 * earlier player there are no shares to show (not a row of zeros): the feedback says so instead.
 */
export function AnswerOptions({ options, feedback, isDisabled, onChoose }: Props) {
  const hasShares = Boolean(feedback && feedback.players > 0);
  return (
    <ul className="mt-6 flex flex-col gap-3">
      {options.map((option, i) => {
        const chosen = feedback?.chosenOptionId === option.id;
        const correct = feedback?.correctOptionId === option.id;
        const share = feedback?.shares[option.id] ?? 0;
        return (
          <li key={option.id}>
            <button
              type="button"
              onClick={() => onChoose(option.id)}
              disabled={isDisabled}
              aria-label={`${OPTION_LETTERS[i]}: ${option.optionText}${
                feedback
                  ? `${correct ? ", rätt svar" : chosen ? ", ditt svar, fel" : ""}${hasShares ? `, ${share} %` : ""}`
                  : ""
              }`}
              className={cn(
                "relative flex min-h-14 w-full items-center gap-3 overflow-hidden rounded-xl border-2 px-4 py-3 text-left font-medium transition-colors disabled:cursor-default",
                !feedback &&
                  "border-stone-200 hover:border-brand-500 hover:bg-brand-50 dark:border-stone-700 dark:hover:bg-stone-800",
                feedback &&
                  correct &&
                  "border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/50",
                feedback &&
                  chosen &&
                  !correct &&
                  "border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/50",
                feedback && !chosen && !correct && "border-stone-200 dark:border-stone-700",
              )}
            >
              {hasShares ? (
                <span
                  aria-hidden
                  className={cn(
                    "absolute inset-y-0 left-0",
                    correct
                      ? "bg-emerald-200/60 dark:bg-emerald-800/40"
                      : "bg-stone-200/70 dark:bg-stone-700/50",
                  )}
                  style={{ width: `${share}%` }}
                />
              ) : null}
              <span
                aria-hidden
                className="relative flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-sm font-bold dark:bg-stone-800"
              >
                {feedback && correct ? (
                  <Check className="size-4 text-emerald-700 dark:text-emerald-300" />
                ) : feedback && chosen ? (
                  <X className="size-4 text-red-700 dark:text-red-300" />
                ) : (
                  OPTION_LETTERS[i]
                )}
              </span>
              <span className="relative flex-1">{option.optionText}</span>
              {hasShares ? (
                <span
                  aria-hidden
                  className="relative text-sm tabular-nums text-stone-700 dark:text-stone-300"
                >
                  {share} %
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
