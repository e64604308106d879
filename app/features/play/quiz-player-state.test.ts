import { describe, expect, it } from "vitest";
import type { AnswerFeedback, PlayResult } from "./play-contract";
import {
  canAnswer,
  initialPlayerState,
  isAtEnd,
  type PlayerAction,
  type PlayerState,
  playerReducer,
  progressOf,
} from "./quiz-player-state";

function feedbackFor(questionId: string, isCorrect = true): AnswerFeedback {
  return {
    questionId,
    chosenOptionId: `${questionId}-a`,
    correctOptionId: isCorrect ? `${questionId}-a` : `${questionId}-b`,
    isCorrect,
    shares: { [`${questionId}-a`]: 100 },
    players: 4,
    source: null,
  };
}

const result: PlayResult = {
  score: 2,
  questionCount: 3,
  average: 1.5,
  players: 4,
  betterThan: 50,
  review: [],
};

function run(state: PlayerState, ...actions: PlayerAction[]): PlayerState {
  return actions.reduce(playerReducer, state);
}

/** Three questions, the kept play looked up (none found). */
const fresh = run(initialPlayerState(3), { type: "fresh" });

describe("playerReducer", () => {
  it("starts loading, with nothing answered and no vote", () => {
    expect(initialPlayerState(3)).toEqual({
      phase: "loading",
      index: 0,
      questionCount: 3,
      answers: {},
      result: null,
      vote: null,
      isSending: false,
    });
  });

  it("begins at the first question when no play is kept", () => {
    expect(fresh.phase).toBe("question");
    expect(fresh.index).toBe(0);
  });

  it("restores a kept vote without leaving loading", () => {
    const state = run(initialPlayerState(3), { type: "vote-restored", vote: "down" });
    expect(state.vote).toBe("down");
    expect(state.phase).toBe("loading");
  });

  it("shows a finished play as voted when a vote is restored", () => {
    const finished: PlayerState = { ...fresh, phase: "finished", result };
    expect(run(finished, { type: "vote-restored", vote: "up" }).phase).toBe("voted");
  });

  it("resumes a kept play at its question with its answers", () => {
    const state = run(initialPlayerState(3), {
      type: "resumed",
      answers: [feedbackFor("q1")],
      result: null,
      point: { index: 1, phase: "question" },
    });
    expect(state.phase).toBe("question");
    expect(state.index).toBe(1);
    expect(state.answers).toEqual({ q1: feedbackFor("q1") });
    expect(state.result).toBeNull();
  });

  it("resumes an answer the visitor had not moved on from with its feedback", () => {
    const state = run(initialPlayerState(3), {
      type: "resumed",
      answers: [feedbackFor("q1"), feedbackFor("q2")],
      result: null,
      point: { index: 1, phase: "feedback" },
    });
    expect(state.phase).toBe("feedback");
    expect(state.index).toBe(1);
  });

  it("resumes a finished play at its result, as voted when a vote is kept", () => {
    const answers = [feedbackFor("q1"), feedbackFor("q2"), feedbackFor("q3", false)];
    const resumed: PlayerAction = {
      type: "resumed",
      answers,
      result,
      point: { index: 2, phase: "finished" },
    };
    const finished = run(initialPlayerState(3), resumed);
    expect(finished.phase).toBe("finished");
    expect(finished.result).toEqual(result);
    const voted = run(initialPlayerState(3), { type: "vote-restored", vote: "up" }, resumed);
    expect(voted.phase).toBe("voted");
  });

  it("marks an answer on its way and lets no second one start", () => {
    const state = run(fresh, { type: "answer-sent" });
    expect(state.isSending).toBe(true);
    expect(canAnswer(state, "q1")).toBe(false);
  });

  it("shows the server's feedback once an answer is stored", () => {
    const state = run(
      fresh,
      { type: "answer-sent" },
      { type: "answered", questionId: "q1", feedback: feedbackFor("q1", false), result: null },
    );
    expect(state.phase).toBe("feedback");
    expect(state.isSending).toBe(false);
    expect(state.answers.q1).toEqual(feedbackFor("q1", false));
    expect(state.result).toBeNull();
    expect(state.index).toBe(0);
  });

  it("keeps the result that comes with the last answer", () => {
    const onLast: PlayerState = {
      ...fresh,
      index: 2,
      answers: { q1: feedbackFor("q1"), q2: feedbackFor("q2") },
    };
    const state = run(onLast, { type: "answered", questionId: "q3", feedback: feedbackFor("q3"), result });
    expect(state.phase).toBe("feedback");
    expect(state.result).toEqual(result);
  });

  it("stays on the question, ready for another try, when an answer fails", () => {
    const state = run(fresh, { type: "answer-sent" }, { type: "answer-failed" });
    expect(state.phase).toBe("question");
    expect(state.isSending).toBe(false);
    expect(canAnswer(state, "q1")).toBe(true);
  });

  it("moves on to the next question", () => {
    const state = run(
      fresh,
      { type: "answered", questionId: "q1", feedback: feedbackFor("q1"), result: null },
      { type: "next" },
    );
    expect(state.phase).toBe("question");
    expect(state.index).toBe(1);
  });

  it("finishes after the last question", () => {
    const onLast: PlayerState = { ...fresh, index: 2, phase: "feedback", result };
    const state = run(onLast, { type: "next" });
    expect(state.phase).toBe("finished");
    expect(state.index).toBe(2);
    expect(isAtEnd(state)).toBe(true);
  });

  it("finishes as voted when the visitor voted on an earlier play", () => {
    const onLast: PlayerState = { ...fresh, index: 2, phase: "feedback", result, vote: "down" };
    expect(run(onLast, { type: "next" }).phase).toBe("voted");
  });

  it("goes from finished to voted, and a second vote changes it", () => {
    const finished: PlayerState = { ...fresh, index: 2, phase: "finished", result };
    const voted = run(finished, { type: "voted", vote: "up" });
    expect(voted.phase).toBe("voted");
    expect(voted.vote).toBe("up");
    const changed = run(voted, { type: "voted", vote: "down" });
    expect(changed.phase).toBe("voted");
    expect(changed.vote).toBe("down");
  });

  it("plays again from the first question, keeping the vote", () => {
    const voted: PlayerState = {
      ...fresh,
      index: 2,
      phase: "voted",
      result,
      vote: "up",
      answers: { q1: feedbackFor("q1"), q2: feedbackFor("q2"), q3: feedbackFor("q3") },
    };
    const state = run(voted, { type: "restarted" });
    expect(state).toEqual({ ...initialPlayerState(3), phase: "question", vote: "up" });
    expect(isAtEnd(state)).toBe(false);
  });

  it("starts over when a kept play cannot be found", () => {
    const state = run(initialPlayerState(3), { type: "restarted" });
    expect(state.phase).toBe("question");
    expect(state.index).toBe(0);
    expect(state.answers).toEqual({});
  });
});

describe("canAnswer", () => {
  it("waits while the kept play is looked up", () => {
    expect(canAnswer(initialPlayerState(3), "q1")).toBe(false);
  });
  it("allows one answer per question", () => {
    expect(canAnswer(fresh, "q1")).toBe(true);
    const answered = run(fresh, {
      type: "answered",
      questionId: "q1",
      feedback: feedbackFor("q1"),
      result: null,
    });
    expect(canAnswer(answered, "q1")).toBe(false);
  });
});

describe("progressOf", () => {
  it("counts the shown question once it is answered", () => {
    expect(progressOf(fresh, "q1")).toBe(0);
    const answered = run(fresh, {
      type: "answered",
      questionId: "q1",
      feedback: feedbackFor("q1"),
      result: null,
    });
    expect(progressOf(answered, "q1")).toBe(1);
    expect(progressOf(run(answered, { type: "next" }), "q2")).toBe(1);
  });
});
