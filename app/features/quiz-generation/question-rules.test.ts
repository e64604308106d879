import { describe, expect, it } from "vitest";
import type { GeneratedQuestion } from "./provider";
import { findQuestionProblems, normalizeText, shuffle, spreadCorrectAnswers } from "./question-rules";

const q = (n: number, correct: number): GeneratedQuestion => ({
  questionText: `Fråga ${n}?`,
  options: ["x", "y", "z"].map((s) => `${s}${n}`) as [string, string, string],
  correct,
  source: null,
  bankId: null,
});

describe("shuffle", () => {
  it("returns a reordered copy with the same items, driven by the random source", () => {
    const items = [1, 2, 3, 4, 5];
    // With random() = 0 every step swaps position i with 0.
    expect(shuffle(items, () => 0)).toEqual([2, 3, 4, 5, 1]);
    // Just below 1 every step swaps an item with itself.
    expect(shuffle(items, () => 0.999)).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(shuffle([], () => 0.5)).toEqual([]);
  });
});

describe("spreadCorrectAnswers", () => {
  it("spreads correct answers evenly over A, B and C and keeps the right answer", () => {
    const input = Array.from({ length: 9 }, (_, i) => q(i, 0));
    const spread = spreadCorrectAnswers(input, () => 0.42);
    const positions = spread.map((s) => s.correct);
    expect([0, 1, 2].map((p) => positions.filter((x) => x === p).length)).toEqual([3, 3, 3]);
    for (const [i, s] of spread.entries()) expect(s.options[s.correct]).toBe(`x${i}`);
  });
});

describe("findQuestionProblems", () => {
  const base = { question: "Vad?", options: ["a", "b", "c"], correct: 1, source: "https://n.se/1" };
  const rules = {
    allowedSources: new Set(["https://n.se/1"]),
    existingQuestions: new Set<string>(),
    needed: 1,
  };
  it("accepts a valid question", () => {
    expect(findQuestionProblems([base], rules)).toEqual([]);
  });
  it("finds repeated options, duplicates, unknown sources and too few questions", () => {
    expect(findQuestionProblems([{ ...base, options: ["a", "A ", "c"] }], rules)[0]).toMatch(/tre olika/);
    expect(findQuestionProblems([base, { ...base, question: "vad" }], rules)).toContain(
      "fråga 2 förekommer två gånger",
    );
    expect(findQuestionProblems([{ ...base, source: "https://x.se" }], rules)[0]).toMatch(/källa/);
    expect(findQuestionProblems([base], { ...rules, needed: 2 })[0]).toMatch(/2 behövs/);
  });
  it("normalises text", () => {
    expect(normalizeText("  Vem   vann?  ")).toBe("vem vann");
  });
});
