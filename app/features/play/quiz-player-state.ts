import type { AnswerFeedback, PlayResult } from "./play-contract";
import type { ResumePoint } from "./play-rules";

/** Pure: the component does the requests and dispatches what they answered. */
export type PlayerPhase = "loading" | "question" | "feedback" | "finished" | "voted";

export type Vote = "up" | "down";

export type PlayerState = {
  phase: PlayerPhase;
  /** 0-based. */
  index: number;
  questionCount: number;
  answers: Record<string, AnswerFeedback>;
  result: PlayResult | null;
  vote: Vote | null;
  isSending: boolean;
};

export type PlayerAction =
  /** Kept in the browser from an earlier visit. */
  | { type: "vote-restored"; vote: Vote }
  | { type: "fresh" }
  | { type: "resumed"; answers: AnswerFeedback[]; result: PlayResult | null; point: ResumePoint }
  /** "Spela igen", or a kept play that is gone. */
  | { type: "restarted" }
  | { type: "answer-sent" }
  | { type: "answered"; questionId: string; feedback: AnswerFeedback; result: PlayResult | null }
  | { type: "answer-failed" }
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

export function isAtEnd(state: PlayerState): boolean {
  return state.phase === "finished" || state.phase === "voted";
}

export function progressOf(state: PlayerState, questionId: string): number {
  return state.index + (state.answers[questionId] ? 1 : 0);
}

export function canAnswer(state: PlayerState, questionId: string): boolean {
  return state.phase !== "loading" && !state.isSending && !state.answers[questionId];
}
