import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareText } from "./share-text";

/** What the strictest chat apps take. */
const SHARE_TEXT_MAX = 280;

const url = "https://quizkvall.example/veckans-nutidsquiz/nutidsquiz-vecka-48";

describe("shareText", () => {
  it("has the quiz, the score, a square per question and the link", () => {
    expect(
      shareText({
        title: "NutidsQuiz vecka 48",
        score: 3,
        questionCount: 5,
        marks: [true, true, false, true, false],
        url,
      }),
    ).toBe(`NutidsQuiz vecka 48 – 3 av 5 rätt\n🟩🟩🟥🟩🟥\n${url}`);
  });

  it("cuts a long title, never the link, to stay within 280 characters", () => {
    const text = shareText({
      title: "Ett mycket långt quiznamn ".repeat(8),
      score: 10,
      questionCount: 10,
      marks: Array.from({ length: 10 }, () => true),
      url,
    });
    expect(text.length).toBeLessThanOrEqual(SHARE_TEXT_MAX);
    expect(text.endsWith(`\n${url}`)).toBe(true);
    expect(text).toContain("… – 10 av 10 rätt\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩\n");
  });

  it("stays within 280 characters for any title, any number of questions and a link of up to 200", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120, unit: "grapheme" }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 20, max: 200 }),
        (title, marks, urlLength) => {
          const link = `https://q.example/${"x".repeat(urlLength - 18)}`;
          const score = marks.filter(Boolean).length;
          const text = shareText({ title, score, questionCount: marks.length, marks, url: link });
          expect(text.length).toBeLessThanOrEqual(SHARE_TEXT_MAX);
          expect(text).toContain(`${score} av ${marks.length} rätt`);
          expect(text.endsWith(link)).toBe(true);
          // No broken surrogate pairs: every square is whole.
          expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
        },
      ),
    );
  });
});
