import { lazy, Suspense, useEffect, useReducer, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { getVisitorId } from "~/lib/visitor-id";
import type { Challenge } from "./challenge";
import {
  answerRequest,
  fetchPlayState,
  forgetPlay,
  keepPlayPosition,
  playStorageKey,
  readPlayPosition,
  reportRequest,
  startPlayRequest,
  voteRequest,
  voteStorageKey,
} from "./play-client";
import type { PublicQuestion } from "./play-contract";
import { type QuestionReportReason, resumePoint } from "./play-rules";
import { loadQuestionFeedback, QuestionView } from "./question-view";
import {
  canAnswer,
  initialPlayerState,
  isAtEnd,
  playerReducer,
  progressOf,
  type Vote,
} from "./quiz-player-state";
import type { WeeklyInfo } from "./weekly-rhythm";

/** Never in the server's page; its code loads at the first answer, well before the end. */
const loadResultView = () => import("./play-result");
const PlayResultView = lazy(() => loadResultView().then((m) => ({ default: m.PlayResultView })));

type Props = {
  quiz: { id: string; title: string; titleSlug: string; category: string };
  shareUrl: string;
  questions: PublicQuestion[];
  isPreview: boolean;
  weekly: WeeklyInfo | null;
  challenge?: Challenge | null;
};

/** The server scores every answer and only then reveals the correct option; the play id in localStorage lets a reload resume. */
export function QuizPlayer({ quiz, shareUrl, questions, isPreview, weekly, challenge = null }: Props) {
  const [state, dispatch] = useReducer(playerReducer, questions.length, initialPlayerState);
  const playId = useRef<string | null>(null);
  const total = questions.length;

  useEffect(() => {
    const storedVote = window.localStorage.getItem(voteStorageKey(quiz.id));
    if (storedVote === "up" || storedVote === "down") dispatch({ type: "vote-restored", vote: storedVote });
    const stored = window.localStorage.getItem(playStorageKey(quiz.id));
    if (!stored) {
      dispatch({ type: "fresh" });
      return;
    }
    void loadQuestionFeedback();
    let cancelled = false;
    fetchPlayState(stored, getVisitorId())
      .then((play) => {
        if (cancelled) return;
        playId.current = play.playId;
        const point = resumePoint(
          questions.map((q) => q.id),
          new Set(play.answers.map((a) => a.questionId)),
          readPlayPosition(quiz.id),
          play.result !== null,
        );
        dispatch({ type: "resumed", answers: play.answers, result: play.result, point });
      })
      .catch(() => {
        if (cancelled) return;
        // The quiz was edited or deleted: start over.
        forgetPlay(quiz.id);
        playId.current = null;
        dispatch({ type: "restarted" });
      });
    return () => {
      cancelled = true;
    };
  }, [quiz.id, questions]);

  if (total === 0) {
    return (
      <div className="rounded-2xl border border-stone-200 p-8 text-center dark:border-stone-800">
        <h1 className="text-2xl font-bold">{quiz.title}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">Det här quizet har inga frågor än.</p>
      </div>
    );
  }

  const { index } = state;
  const question = questions[index];
  // The list may have changed under the reducer's index.
  if (!question) return null;
  const questionId = question.id;

  async function choose(optionId: string) {
    if (!canAnswer(state, questionId)) return;
    void loadQuestionFeedback();
    void loadResultView();
    dispatch({ type: "answer-sent" });
    try {
      if (!playId.current) {
        const started = await startPlayRequest(quiz.id, getVisitorId());
        playId.current = started.playId;
        window.localStorage.setItem(playStorageKey(quiz.id), started.playId);
        keepPlayPosition(quiz.id, index);
      }
      const response = await answerRequest(playId.current, {
        visitorId: getVisitorId(),
        questionId: questionId,
        optionId,
      });
      dispatch({
        type: "answered",
        questionId: questionId,
        feedback: response.feedback,
        result: response.result,
      });
    } catch (error) {
      dispatch({ type: "answer-failed" });
      toast.error("Kunde inte spara svaret", { description: (error as Error).message });
    }
  }

  function next() {
    keepPlayPosition(quiz.id, index + 1);
    dispatch({ type: "next" });
  }

  async function castVote(choice: Vote) {
    try {
      await voteRequest(quiz.id, getVisitorId(), choice);
      dispatch({ type: "voted", vote: choice });
      window.localStorage.setItem(voteStorageKey(quiz.id), choice);
    } catch (error) {
      toast.error("Kunde inte spara rösten", { description: (error as Error).message });
    }
  }

  async function report(reason: QuestionReportReason): Promise<boolean> {
    if (!playId.current) return false;
    try {
      await reportRequest(playId.current, { visitorId: getVisitorId(), questionId, reason });
      return true;
    } catch (error) {
      toast.error("Kunde inte rapportera frågan", { description: (error as Error).message });
      return false;
    }
  }

  function playAgain() {
    forgetPlay(quiz.id);
    playId.current = null;
    dispatch({ type: "restarted" });
  }

  if (isAtEnd(state) && state.result) {
    return (
      <Suspense fallback={null}>
        <PlayResultView
          quiz={quiz}
          shareUrl={shareUrl}
          questions={questions}
          answers={state.answers}
          result={state.result}
          weekly={weekly}
          challenge={challenge}
          playId={playId.current}
          vote={state.vote}
          isPreview={isPreview}
          onVote={castVote}
          onPlayAgain={playAgain}
        />
      </Suspense>
    );
  }

  return (
    <QuestionView
      quizTitle={quiz.title}
      question={question}
      index={index}
      total={total}
      phase={state.phase}
      feedback={state.answers[question.id]}
      progress={progressOf(state, question.id)}
      canAnswer={canAnswer(state, question.id)}
      isPreview={isPreview}
      onChoose={choose}
      onNext={next}
      onReport={report}
    />
  );
}
