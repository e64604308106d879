import { lazy, Suspense, useEffect, useRef } from "react";
import { AnswerOptions } from "./answer-options";
import type { AnswerFeedback, PublicQuestion } from "./play-contract";
import type { QuestionReportReason } from "./play-rules";
import type { PlayerPhase } from "./quiz-player-state";

/** The feedback after an answer: its code loads with the first answer or a resumed play (quiz-player.tsx). */
export const loadQuestionFeedback = () => import("./question-feedback");
const QuestionFeedback = lazy(() => loadQuestionFeedback().then((m) => ({ default: m.QuestionFeedback })));

type Props = {
  quizTitle: string;
  question: PublicQuestion;
  index: number;
  total: number;
  phase: PlayerPhase;
  feedback: AnswerFeedback | undefined;
  /** Questions answered up to the one shown. */
  progress: number;
  canAnswer: boolean;
  isPreview: boolean;
  onChoose: (optionId: string) => void;
  onNext: () => void;
  onReport: (reason: QuestionReportReason) => Promise<boolean>;
};

/** One question (`question`), and once answered its feedback (`feedback`) with the way on. */
export function QuestionView({
  quizTitle,
  question,
  index,
  total,
  phase,
  feedback,
  progress,
  canAnswer,
  isPreview,
  onChoose,
  onNext,
  onReport,
}: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen-reader users land on what changed: the next question (the feedback focuses its
  // way on itself).
  useEffect(() => {
    if (phase === "question" && index > 0) headingRef.current?.focus();
  }, [phase, index]);

  return (
    <section aria-labelledby="question-heading" aria-busy={phase === "loading"}>
      <div className="flex items-center justify-between gap-4 text-sm text-stone-600 dark:text-stone-400">
        <span className="truncate font-medium">{quizTitle}</span>
        <span className="shrink-0">
          Fråga {index + 1} av {total}
        </span>
      </div>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
        role="progressbar"
        aria-label="Framsteg"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={progress}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all dark:bg-brand-400"
          style={{ width: `${(progress / total) * 100}%` }}
        />
      </div>
      {isPreview ? (
        <p className="mt-4 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          Förhandsvisning av ett inaktivt quiz. Spelet räknas inte.
        </p>
      ) : null}
      <div className="mt-6 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        {question.imageUrl ? (
          // Shown whole (a BildQuiz image may carry the answer at its edges), letterboxed up to half the screen.
          <img
            src={question.imageUrl}
            alt={question.imageAlt ?? ""}
            className="mb-5 h-auto max-h-[50vh] w-full rounded-xl bg-stone-100 object-contain dark:bg-stone-950"
          />
        ) : null}
        <h1
          id="question-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold leading-snug sm:text-2xl"
        >
          {question.questionText}
        </h1>
        <AnswerOptions
          options={question.options}
          feedback={feedback}
          isDisabled={!canAnswer}
          onChoose={onChoose}
        />
        <div className="mt-6 min-h-10" aria-live="polite">
          {feedback ? (
            <Suspense fallback={null}>
              <QuestionFeedback
                key={question.id}
                question={question}
                feedback={feedback}
                phase={phase}
                isLast={index + 1 === total}
                isPreview={isPreview}
                onNext={onNext}
                onReport={onReport}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
      <noscript>
        <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">
          Aktivera JavaScript för att spela quizet.
        </p>
      </noscript>
    </section>
  );
}
