import { describe, expect, it } from "vitest";
import {
  betterThanPercent,
  betterThanText,
  correctShareText,
  formatAverage,
  isValidVisitorId,
  percentShares,
  questionStats,
  resumePoint,
  scoreDistribution,
  shortVisitorId,
} from "./play-rules";

describe("percentShares", () => {
  it("returns zeros without answers", () => {
    expect(percentShares([0, 0, 0])).toEqual([0, 0, 0]);
  });
  it("always sums to 100", () => {
    expect(percentShares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentShares([2, 1, 0])).toEqual([67, 33, 0]);
    expect(percentShares([5, 0, 0])).toEqual([100, 0, 0]);
  });
});

describe("scoreDistribution", () => {
  it("counts each score 0..M and ignores impossible scores", () => {
    expect(scoreDistribution([0, 3, 3, 1, 7, -1], 3)).toEqual([1, 1, 0, 2]);
  });
});

describe("formatAverage", () => {
  it("uses a decimal comma and one decimal", () => {
    expect(formatAverage(6.4444)).toBe("6,4");
    expect(formatAverage(7)).toBe("7");
    expect(formatAverage(null)).toBe("–");
  });
});

describe("visitor ids", () => {
  it("accepts generated ids and refuses odd or preview-prefixed ones", () => {
    expect(isValidVisitorId("abc123xyz")).toBe(true);
    expect(isValidVisitorId("")).toBe(false);
    expect(isValidVisitorId("preview:abc")).toBe(false);
    // The form of a row whose browser id was dropped: no browser may claim it.
    expect(isValidVisitorId("anonym:0b9e1a52-4f0c-4a57-9c1e-0d3c6f1e2a7b")).toBe(false);
    expect(isValidVisitorId("a b")).toBe(false);
    expect(isValidVisitorId("x".repeat(201))).toBe(false);
    expect(isValidVisitorId(42)).toBe(false);
  });
  it("shortens ids for display", () => {
    expect(shortVisitorId("abcdefghijkl")).toBe("abcdefgh…");
    expect(shortVisitorId("preview:abc")).toBe("abc");
    expect(shortVisitorId("anonym:0b9e1a52-4f0c-4a57-9c1e-0d3c6f1e2a7b")).toBe("anonym");
  });
});

describe("resumePoint", () => {
  const ids = ["q1", "q2", "q3"];
  const answered = (...done: string[]) => new Set(done);

  it("starts a play with nothing answered at the first question", () => {
    expect(resumePoint(ids, answered(), null, false)).toEqual({ index: 0, phase: "question" });
    expect(resumePoint(ids, answered(), 0, false)).toEqual({ index: 0, phase: "question" });
  });

  it("brings back the feedback of an answer the visitor has not moved on from", () => {
    expect(resumePoint(ids, answered("q1"), 0, false)).toEqual({ index: 0, phase: "feedback" });
    expect(resumePoint(ids, answered("q1"), null, false)).toEqual({ index: 0, phase: "feedback" });
    expect(resumePoint(ids, answered("q1", "q2"), 1, false)).toEqual({ index: 1, phase: "feedback" });
  });

  it("shows the next open question once the visitor has moved on", () => {
    expect(resumePoint(ids, answered("q1"), 1, false)).toEqual({ index: 1, phase: "question" });
    expect(resumePoint(ids, answered("q1", "q2"), 2, false)).toEqual({ index: 2, phase: "question" });
  });

  it("shows the last feedback of a finished play until 'Se resultat' was pressed, then the result", () => {
    expect(resumePoint(ids, answered("q1", "q2", "q3"), 2, true)).toEqual({ index: 2, phase: "feedback" });
    expect(resumePoint(ids, answered("q1", "q2", "q3"), 3, true)).toEqual({ index: 2, phase: "finished" });
  });
});

describe("the numbers of counted plays", () => {
  it("rounds 'better than' down and has none without another player", () => {
    expect(betterThanPercent(0, 0)).toBeNull();
    expect(betterThanPercent(2, 3)).toBe(66);
    expect(betterThanPercent(3, 3)).toBe(100);
    expect(betterThanText(null)).toBe("Du är först att spela det här quizet");
    expect(betterThanText(62)).toBe("Bättre än 62 % av spelarna");
  });

  it("gives each question the correct option's share, as the options show it", () => {
    const options = [
      { id: "a1", questionId: "q1", isCorrect: false },
      { id: "a2", questionId: "q1", isCorrect: true },
      { id: "a3", questionId: "q1", isCorrect: false },
      { id: "b1", questionId: "q2", isCorrect: true },
      { id: "b2", questionId: "q2", isCorrect: false },
      { id: "b3", questionId: "q2", isCorrect: false },
    ];
    const stats = questionStats(options, [
      { optionId: "a1", n: 1 },
      { optionId: "a2", n: 2 },
      { optionId: "a3", n: 0 },
    ]);
    // 2 of 3: 66.7 % rounds to 67, as the largest remainder gives it to the option.
    expect(stats).toEqual([
      { questionId: "q1", players: 3, correctPercent: 67 },
      { questionId: "q2", players: 0, correctPercent: null },
    ]);
    expect(correctShareText(67, 3)).toBe("67 % av 3 spelare svarade rätt");
    expect(correctShareText(null, 0)).toBe("Du är först att svara på den här frågan");
    expect(correctShareText(62, 148)).toBe("62 % av 148 spelare svarade rätt");
  });
});
