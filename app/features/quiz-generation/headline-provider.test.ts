import { assert, describe, expect, it } from "vitest";
import { blankOut, buildHeadlineQuestions, findBlanks } from "./headline-provider";
import { findQuestionProblems } from "./question-rules";
import type { NewsItem } from "./rss";

const item = (title: string, n: number): NewsItem => ({
  title,
  link: `https://nyheter.example/${n}`,
  outlet: "Nyheterna",
  publishedAt: new Date(Date.UTC(2026, 10, 20, 12 - n)),
});

describe("findBlanks", () => {
  it("finds names that do not start a clause, and numbers", () => {
    expect(findBlanks("Regeringen ger Polisen 300 miljoner: Strömmen bryts i Kiruna")).toEqual([
      { word: "Polisen", kind: "name" },
      { word: "300", kind: "number" },
      { word: "Kiruna", kind: "name" },
    ]);
    expect(findBlanks("Snö i hela landet")).toEqual([]);
  });
});

describe("blankOut", () => {
  it("replaces the whole word only", () => {
    expect(blankOut("Malmö FF slår Malmöhus", "Malmö")).toBe("___ FF slår Malmöhus");
  });
});

describe("buildHeadlineQuestions", () => {
  const items = [
    item("Storm drar in över Göteborg i natt", 1),
    item("Stora förseningar för SJ efter stormen", 2),
    item("Elpriset steg med 40 procent i Malmö", 3),
    item("Rekordmånga besökte Skansen i helgen", 4),
    item("Vägarbeten stänger 12 körfält", 5),
    item("Inget att fråga om här", 6),
  ];

  it("asks for the missing word, answers from the headline and offers distractors of the same kind", () => {
    const questions = buildHeadlineQuestions(items, 10, () => 0.3);
    expect(questions).toHaveLength(4);
    const [first] = questions;
    assert(first);
    expect(first.questionText).toBe("Vilket ord saknas i rubriken ”Storm drar in över ___ i natt”?");
    expect(first.options[first.correct]).toBe("Göteborg");
    expect(first.source).toEqual({
      url: items[0]?.link,
      outlet: "Nyheterna",
      publishedAt: items[0]?.publishedAt,
    });
    for (const q of questions) {
      const answer = q.options[q.correct];
      const source = items.find((i) => i.link === q.source?.url);
      expect(source?.title).toContain(answer);
      expect(q.questionText).not.toContain(answer);
      const rules = {
        allowedSources: new Set(items.map((i) => i.link)),
        existingQuestions: new Set<string>(),
        needed: 1,
      };
      expect(
        findQuestionProblems(
          [{ question: q.questionText, options: q.options, correct: q.correct, source: q.source?.url ?? "" }],
          rules,
        ),
      ).toEqual([]);
    }
    // Numbers only get numbers as distractors: with just two numbers in the week, "12" has no second one.
    expect(questions.some((q) => q.options.includes("12"))).toBe(false);
  });

  it("stops at the requested count", () => {
    expect(buildHeadlineQuestions(items, 2, () => 0.5)).toHaveLength(2);
  });
});
