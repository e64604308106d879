import { Check, Share2, ThumbsDown, ThumbsUp, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { OPTION_LETTERS, sourceLabel } from "~/features/quizzes/quiz-format";
import { cn } from "~/lib/cn";
import { getVisitorId } from "~/lib/visitor-id";
import {
  type AnswerFeedback,
  answerRequest,
  fetchPlayState,
  forgetPlay,
  keepPlayPosition,
  type PlayResult,
  playStorageKey,
  readPlayPosition,
  startPlayRequest,
  voteRequest,
  voteStorageKey,
} from "./play-client";
import { formatAverage, resumePoint } from "./play-rules";
import type { PublicQuestion } from "./public-questions.server";

type Props = {
  quiz: { id: string; title: string; titleSlug: string; category: string };
  questions: PublicQuestion[];
  isPreview: boolean;
};

type Phase = "loading" | "question" | "feedback" | "finished";

/**
 * The player: question → feedback → … → finished (→ voted). Every answer is scored by the server, which
 * only then reveals the correct option and the shares; the play id in localStorage lets a reload resume.
 */
export function QuizPlayer({ quiz, questions, isPreview }: Props) {
  const [phase, setPhase] = useState<Phase>("loading");
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, AnswerFeedback>>({});
  const [result, setResult] = useState<PlayResult | null>(null);
  const [vote, setVote] = useState<"up" | "down" | null>(null);
  const [busy, setBusy] = useState(false);
  const playId = useRef<string | null>(null);
  const visitorId = useRef("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const total = questions.length;

  const resetToStart = useCallback(() => {
    playId.current = null;
    setAnswers({});
    setResult(null);
    setIndex(0);
    setPhase("question");
  }, []);

  useEffect(() => {
    visitorId.current = getVisitorId();
    const storedVote = window.localStorage.getItem(voteStorageKey(quiz.id));
    if (storedVote === "up" || storedVote === "down") setVote(storedVote);
    const stored = window.localStorage.getItem(playStorageKey(quiz.id));
    if (!stored) {
      setPhase("question");
      return;
    }
    let cancelled = false;
    fetchPlayState(stored, visitorId.current)
      .then((state) => {
        if (cancelled) return;
        playId.current = state.playId;
        setAnswers(Object.fromEntries(state.answers.map((a) => [a.questionId, a])));
        if (state.result) setResult(state.result);
        const resumed = resumePoint(
          questions.map((q) => q.id),
          new Set(state.answers.map((a) => a.questionId)),
          readPlayPosition(quiz.id),
          state.result !== null,
        );
        setIndex(resumed.index);
        setPhase(resumed.phase);
      })
      .catch(() => {
        if (cancelled) return;
        // A play that no longer exists (quiz edited or deleted): start over.
        forgetPlay(quiz.id);
        resetToStart();
      });
    return () => {
      cancelled = true;
    };
  }, [quiz.id, questions, resetToStart]);

  useEffect(() => {
    if (phase === "feedback") nextRef.current?.focus();
    if (phase === "question" && index > 0) headingRef.current?.focus();
  }, [phase, index]);

  if (total === 0) {
    return (
      <div className="rounded-2xl border border-stone-200 p-8 text-center dark:border-stone-800">
        <h1 className="text-2xl font-bold">{quiz.title}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">Det här quizet har inga frågor än.</p>
      </div>
    );
  }

  const question = questions[index];
  const feedback = answers[question.id];

  async function choose(optionId: string) {
    if (busy || feedback) return;
    setBusy(true);
    try {
      if (!playId.current) {
        const started = await startPlayRequest(quiz.id, visitorId.current);
        playId.current = started.playId;
        window.localStorage.setItem(playStorageKey(quiz.id), started.playId);
        keepPlayPosition(quiz.id, index);
      }
      const response = await answerRequest(playId.current, {
        visitorId: visitorId.current,
        questionId: question.id,
        optionId,
      });
      setAnswers((current) => ({ ...current, [question.id]: response.feedback }));
      if (response.result) setResult(response.result);
      setPhase("feedback");
    } catch (error) {
      toast.error("Kunde inte spara svaret", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  function next() {
    keepPlayPosition(quiz.id, index + 1);
    if (index + 1 < total) {
      setIndex(index + 1);
      setPhase("question");
    } else {
      setPhase("finished");
    }
  }

  async function castVote(choice: "up" | "down") {
    try {
      await voteRequest(quiz.id, visitorId.current, choice);
      setVote(choice);
      window.localStorage.setItem(voteStorageKey(quiz.id), choice);
    } catch (error) {
      toast.error("Kunde inte spara rösten", { description: (error as Error).message });
    }
  }

  async function share() {
    const url = `${window.location.origin}/veckans-nutidsquiz/${quiz.titleSlug}`;
    const text = result
      ? `Jag fick ${result.score} av ${result.questionCount} rätt på ${quiz.title}!`
      : quiz.title;
    if (navigator.share) {
      try {
        await navigator.share({ title: quiz.title, text, url });
      } catch {
        // Closing the share sheet is not an error.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Länken är kopierad");
    } catch {
      toast.error("Kunde inte kopiera länken");
    }
  }

  function playAgain() {
    forgetPlay(quiz.id);
    resetToStart();
  }

  if (phase === "finished" && result) {
    return (
      <section
        aria-labelledby="result-heading"
        className="rounded-3xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-stone-800 dark:bg-stone-900"
      >
        <p className="text-sm font-medium text-stone-600 dark:text-stone-400">{quiz.title}</p>
        <h1 id="result-heading" className="mt-2 text-3xl font-bold tracking-tight">
          Du fick {result.score} av {result.questionCount} rätt
        </h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Snittet är {formatAverage(result.average)} av {result.questionCount}
        </p>
        {isPreview ? (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">Förhandsvisning – räknas inte.</p>
        ) : null}
        <div className="mt-8">
          <fieldset>
            <legend className="mx-auto font-medium">Vad tyckte du om quizet?</legend>
            <div className="mt-3 flex justify-center gap-3">
              <Button
                variant={vote === "up" ? "primary" : "secondary"}
                aria-pressed={vote === "up"}
                onClick={() => castVote("up")}
                aria-label="Tumme upp"
              >
                <ThumbsUp className="size-5" aria-hidden />
              </Button>
              <Button
                variant={vote === "down" ? "primary" : "secondary"}
                aria-pressed={vote === "down"}
                onClick={() => castVote("down")}
                aria-label="Tumme ner"
              >
                <ThumbsDown className="size-5" aria-hidden />
              </Button>
            </div>
          </fieldset>
          <p className="mt-2 min-h-5 text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
            {vote ? "Tack för din röst! Du kan ändra den när du vill." : ""}
          </p>
        </div>
        <div className="mt-8 flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={share}>
            <Share2 className="size-4" aria-hidden /> Dela
          </Button>
          <Button variant="secondary" onClick={playAgain}>
            Spela igen
          </Button>
          <Link to="/veckans-nutidsquiz" className={buttonClasses("primary")}>
            Till alla quiz
          </Link>
        </div>
      </section>
    );
  }

  const isLast = index + 1 === total;
  const correctIndex = feedback ? question.options.findIndex((o) => o.id === feedback.correctOptionId) : -1;

  return (
    <section aria-labelledby="question-heading" aria-busy={phase === "loading"}>
      <div className="flex items-center justify-between gap-4 text-sm text-stone-600 dark:text-stone-400">
        <span className="truncate font-medium">{quiz.title}</span>
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
        aria-valuenow={index + (feedback ? 1 : 0)}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all dark:bg-brand-400"
          style={{ width: `${((index + (feedback ? 1 : 0)) / total) * 100}%` }}
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
        <ul className="mt-6 flex flex-col gap-3">
          {question.options.map((option, i) => {
            const chosen = feedback?.chosenOptionId === option.id;
            const correct = feedback?.correctOptionId === option.id;
            const share = feedback?.shares[option.id] ?? 0;
            return (
              <li key={option.id}>
                <button
                  type="button"
                  onClick={() => choose(option.id)}
                  disabled={phase === "loading" || busy || Boolean(feedback)}
                  aria-label={`${OPTION_LETTERS[i]}: ${option.optionText}${
                    feedback
                      ? `${correct ? ", rätt svar" : chosen ? ", ditt svar, fel" : ""}, ${share} %`
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
                  {feedback ? (
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
                  {feedback ? (
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
        <div className="mt-6 min-h-10" aria-live="polite">
          {feedback ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p
                className={cn(
                  "font-semibold",
                  feedback.isCorrect
                    ? "text-emerald-700 dark:text-emerald-300"
                    : "text-red-700 dark:text-red-300",
                )}
              >
                {feedback.isCorrect
                  ? "Rätt svar!"
                  : `Fel svar. Rätt svar: ${OPTION_LETTERS[correctIndex] ?? ""} ${question.options[correctIndex]?.optionText ?? ""}`}
              </p>
              {feedback.source ? (
                <p className="w-full text-sm text-stone-700 dark:text-stone-300 sm:order-last">
                  <a
                    href={feedback.source.url}
                    className="font-semibold text-amber-800 underline underline-offset-2 dark:text-amber-300"
                    rel="noreferrer noopener"
                    target="_blank"
                  >
                    Läs mer
                  </a>{" "}
                  <span>({sourceLabel(feedback.source)})</span>
                </p>
              ) : null}
              <Button ref={nextRef} onClick={next}>
                {isLast ? "Se resultat" : "Nästa fråga"}
              </Button>
            </div>
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
