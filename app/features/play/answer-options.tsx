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
 * Each button is named by what it shows, in that order, with only the unseen parts added for screen readers
 * (WCAG 2.5.3): "A Göteborg 62 % – rätt svar". The letter stays in the name when a mark replaces it.
 */
export function AnswerOptions({ options, feedback, isDisabled, onChoose }: Props) {
  const hasShares = Boolean(feedback && feedback.players > 0);
  return (
    <ul className="mt-6 flex flex-col gap-3">
      {options.map((option, i) => {
        const chosen = feedback?.chosenOptionId === option.id;
        const correct = feedback?.correctOptionId === option.id;
        const share = feedback?.shares[option.id] ?? 0;
        const mark =
          feedback && correct ? (
            <Check aria-hidden className="size-4 text-emerald-700 dark:text-emerald-300" />
          ) : feedback && chosen ? (
            <X aria-hidden className="size-4 text-red-700 dark:text-red-300" />
          ) : null;
        const verdict = !feedback ? null : correct ? "rätt svar" : chosen ? "ditt svar, fel" : null;
        return (
          <li key={option.id}>
            <button
              type="button"
              onClick={() => onChoose(option.id)}
              disabled={isDisabled}
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
              <span className="relative flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-sm font-bold dark:bg-stone-800">
                {mark ? (
                  <>
                    {mark}
                    <span className="sr-only">{OPTION_LETTERS[i]}</span>
                  </>
                ) : (
                  OPTION_LETTERS[i]
                )}
              </span>{" "}
              <span className="relative flex-1">{option.optionText}</span>
              {hasShares ? (
                <span className="relative text-sm tabular-nums text-stone-700 dark:text-stone-300">
                  {" "}
                  {share} %
                </span>
              ) : null}
              {verdict ? <span className="sr-only"> – {verdict}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
