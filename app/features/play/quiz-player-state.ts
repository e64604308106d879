import type { AnswerFeedback, PlayResult } from "./play-contract";
import type { ResumePoint } from "./play-rules";

/**
 * The player's states: question → feedback → (question …) → finished → voted,
 * with `loading` before a kept play has been looked up. Pure: the component does the requests and
 * dispatches what they answered.
 */
export type PlayerPhase = "loading" | "question" | "feedback" | "finished" | "voted";

export type Vote = "up" | "down";

export type PlayerState = {
  phase: PlayerPhase;
  /** The question shown (0-based). */
  index: number;
  questionCount: number;
  /** Feedback per answered question id. */
  answers: Record<string, AnswerFeedback>;
  result: PlayResult | null;
  vote: Vote | null;
  /** An answer is on its way to the server. */
  isSending: boolean;
};

export type PlayerAction =
  /** The vote kept in the browser from an earlier visit. */
  | { type: "vote-restored"; vote: Vote }
  /** No play is kept for this quiz: begin at the first question. */
  | { type: "fresh" }
  /** A kept play was found: its answers, its result and where it continues. */
  | { type: "resumed"; answers: AnswerFeedback[]; result: PlayResult | null; point: ResumePoint }
  /** Back to the first question with nothing answered ("Spela igen", or a kept play that is gone). */
  | { type: "restarted" }
  | { type: "answer-sent" }
  | { type: "answered"; questionId: string; feedback: AnswerFeedback; result: PlayResult | null }
  | { type: "answer-failed" }
  /** "Nästa fråga", or "Se resultat" on the last question. */
  | { type: "next" }
  | { type: "voted"; vote: Vote };

export function initialPlayerState(questionCount: number): PlayerState {
  return {
    phase: "loading",
    index: 0,
    questionCount,
    answers: {},
    result: null,
    vote: null,
    isSending: false,
  };
}

/** The end of a play shows as voted once a vote is stored, from this or an earlier visit. */
function endPhase(vote: Vote | null): PlayerPhase {
  return vote ? "voted" : "finished";
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "vote-restored":
      return {
        ...state,
        vote: action.vote,
        phase: state.phase === "finished" ? "voted" : state.phase,
      };
    case "fresh":
    case "restarted":
      return { ...state, phase: "question", index: 0, answers: {}, result: null, isSending: false };
    case "resumed":
      return {
        ...state,
        answers: Object.fromEntries(action.answers.map((a) => [a.questionId, a])),
        result: action.result ?? state.result,
        index: action.point.index,
        phase: action.point.phase === "finished" ? endPhase(state.vote) : action.point.phase,
      };
    case "answer-sent":
      return { ...state, isSending: true };
    case "answered":
      return {
        ...state,
        answers: { ...state.answers, [action.questionId]: action.feedback },
        result: action.result ?? state.result,
        phase: "feedback",
        isSending: false,
      };
    case "answer-failed":
      return { ...state, isSending: false };
    case "next":
      if (state.index + 1 < state.questionCount) {
        return { ...state, index: state.index + 1, phase: "question" };
      }
      return { ...state, phase: endPhase(state.vote) };
    case "voted":
      return {
        ...state,
        vote: action.vote,
        phase: state.phase === "finished" ? "voted" : state.phase,
      };
  }
}

/** The play's end (score, vote, share) is shown from these phases once the result is known. */
export function isAtEnd(state: PlayerState): boolean {
  return state.phase === "finished" || state.phase === "voted";
}

/** Questions answered so far up to the one shown, for the progress bar. */
export function progressOf(state: PlayerState, questionId: string): number {
  return state.index + (state.answers[questionId] ? 1 : 0);
}

/** An option can be chosen once the play is looked up, while no answer is on its way, and only once. */
export function canAnswer(state: PlayerState, questionId: string): boolean {
  return state.phase !== "loading" && !state.isSending && !state.answers[questionId];
}
