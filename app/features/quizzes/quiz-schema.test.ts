import { describe, expect, it } from "vitest";
import { readQuestionForm } from "./quiz-schema";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = { questionText: "Vad?", optionA: "Ett", optionB: "Två", optionC: "Tre", correct: "1" };

describe("readQuestionForm", () => {
  it("accepts three distinct options and one correct index", () => {
    const parsed = readQuestionForm(form(valid));
    expect(parsed.success && parsed.data).toEqual({
      questionText: "Vad?",
      options: ["Ett", "Två", "Tre"],
      correct: 1,
      imageAlt: null,
    });
  });

  it.each([[""], ["  "], ["abc"], ["3"], ["-1"], ["1.5"]])(
    "refuses correct=%j instead of reading it as A",
    (correct) => {
      const parsed = readQuestionForm(form({ ...valid, correct }));
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("Välj rätt svar");
    },
  );

  it("refuses a missing correct field", () => {
    const { correct: _, ...rest } = valid;
    expect(readQuestionForm(form(rest)).success).toBe(false);
  });

  it("refuses options that are the same (case and spacing aside)", () => {
    const parsed = readQuestionForm(form({ ...valid, optionC: " ett " }));
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(parsed.error.issues[0]?.message).toBe("De tre svarsalternativen måste vara olika");
  });
});
