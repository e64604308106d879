import { Check, X } from "lucide-react";
import { cn } from "~/lib/cn";
import type { AnswerFeedback, PlayResult, PublicQuestion } from "./play-contract";
import { correctShareText } from "./play-rules";
import { SourceLine } from "./source-line";

type Props = {
  questions: PublicQuestion[];
  answers: Record<string, AnswerFeedback>;
  review: PlayResult["review"];
};

/**
 * The review at the end: every question with the player's answer, the right one, how the counted players did
 * and the source. Built from what the browser already has once every question is answered: the questions,
 * the feedback to each answer, and the result's figures.
 */
export function PlayReview({ questions, answers, review }: Props) {
  const statOf = new Map(review.map((s) => [s.questionId, s]));
  return (
    <section aria-labelledby="review-heading" className="mt-10 text-left">
      <h2 id="review-heading" className="text-xl font-semibold">
        Dina svar
      </h2>
      <ol className="mt-4 flex flex-col gap-3">
        {questions.map((question, index) => {
          const answer = answers[question.id];
          if (!answer) return null;
          const chosen = question.options.find((o) => o.id === answer.chosenOptionId);
          const correct = question.options.find((o) => o.id === answer.correctOptionId);
          const stat = statOf.get(question.id);
          return (
            <li
              key={question.id}
              aria-label={`Fråga ${index + 1}`}
              className="rounded-2xl border border-stone-200 p-4 dark:border-stone-800"
            >
              <p className="text-xs font-medium text-stone-600 dark:text-stone-400">Fråga {index + 1}</p>
              <p className="mt-1 font-medium">{question.questionText}</p>
              <p
                className={cn(
                  "mt-2 flex items-start gap-1.5 text-sm",
                  answer.isCorrect
                    ? "text-emerald-800 dark:text-emerald-300"
                    : "text-red-800 dark:text-red-300",
                )}
              >
                {answer.isCorrect ? (
                  <Check className="mt-0.5 size-4 shrink-0" aria-hidden />
                ) : (
                  <X className="mt-0.5 size-4 shrink-0" aria-hidden />
                )}
                <span>
                  Ditt svar: {chosen?.optionText ?? "–"}
                  {answer.isCorrect ? " (rätt)" : " (fel)"}
                </span>
              </p>
              {answer.isCorrect ? null : (
                <p className="mt-1 text-sm text-stone-800 dark:text-stone-200">
                  Rätt svar: {correct?.optionText ?? "–"}
                </p>
              )}
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
                {correctShareText(stat?.correctPercent ?? null, stat?.players ?? 0)}
              </p>
              {answer.source ? <SourceLine source={answer.source} className="mt-1" /> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
