import { describe, expect, it } from "vitest";
import { z } from "zod";
import { containsControlCharacters, hasControlCharacters } from "./control-characters";
import { CONTROL_CHARACTERS_MESSAGE, lineText, multilineText } from "./text-input";

const BIDI = ["\u061C", "\u200E", "\u200F", "\u202A", "\u202B", "\u202C", "\u202D", "\u202E"];
const ISOLATES = ["\u2066", "\u2067", "\u2068", "\u2069"];
const ZERO_WIDTH = ["\u200B", "\u200C", "\u2060", "\u2061", "\u2064", "\uFEFF"];
const INVISIBLE = [...BIDI, ...ISOLATES, ...ZERO_WIDTH];

const FAMILY = "👨\u200D👩\u200D👧";
const RAINBOW_FLAG = "🏳\uFE0F\u200D🌈";
const DARK_SKINNED_COOK = "🧑🏿\u200D🍳";
const HEART_ON_FIRE = "❤\uFE0F\u200D🔥";

describe("control characters", () => {
  it("refuse C0 and C1 controls as before: line breaks only in multi-line text, tabs everywhere", () => {
    for (const c of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u009f"]) {
      expect(hasControlCharacters(`a${c}b`)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, { multiline: true })).toBe(true);
    }
    expect(hasControlCharacters("a\nb")).toBe(true);
    expect(hasControlCharacters("a\r\nb", { multiline: true })).toBe(false);
    expect(hasControlCharacters("a\tb")).toBe(false);
  });

  it("refuse bidi embeddings, overrides, isolates and marks and zero-width characters, in every kind of field", () => {
    for (const c of INVISIBLE) {
      expect(hasControlCharacters(`Quiz${c}kväll`), `U+${c.codePointAt(0)?.toString(16)}`).toBe(true);
      expect(hasControlCharacters(`Quiz${c}kväll`, { multiline: true })).toBe(true);
    }
    // A link that reads "…gpj.exe" backwards: the classic filename spoof.
    expect(hasControlCharacters("bild\u202Egpj.exe")).toBe(true);
  });

  it("refuse a zero-width joiner in single-line text, emoji or not", () => {
    expect(hasControlCharacters("a\u200Db")).toBe(true);
    expect(hasControlCharacters(`Familjequiz ${FAMILY}`)).toBe(true);
  });

  it("allow a zero-width joiner in multi-line text only between two emoji", () => {
    for (const emoji of [FAMILY, RAINBOW_FLAG, DARK_SKINNED_COOK, HEART_ON_FIRE]) {
      expect(hasControlCharacters(`Välkomna ${emoji}!\nVarje tisdag.`, { multiline: true }), emoji).toBe(
        false,
      );
    }
    for (const text of ["a\u200Db", "\u200D🍺", "🍺\u200D", "🍺\u200Da", "a\u200D🍺", "🍺\u200D\u200D🍺"]) {
      expect(hasControlCharacters(text, { multiline: true }), JSON.stringify(text)).toBe(true);
    }
  });

  it("allow the soft hyphen, emoji without joiners and ordinary Swedish text", () => {
    expect(hasControlCharacters("Quiz\u00ADkväll")).toBe(false);
    expect(hasControlCharacters("Skål 🍺 på Ölstugan – åäö ÅÄÖ é")).toBe(false);
    expect(hasControlCharacters("🇸🇪 1️⃣")).toBe(false);
  });

  it("find them anywhere in a JSON value, with the multi-line rules", () => {
    expect(containsControlCharacters({ name: "Anna", nested: ["ok", { x: "a\u200Bb" }] })).toBe(true);
    expect(containsControlCharacters({ email: "anna@exam\u202Eple.se" })).toBe(true);
    expect(containsControlCharacters({ note: `Hej ${FAMILY}\nrad två` })).toBe(false);
  });

  it("give the zod fields the one Swedish message", () => {
    const form = z.object({ title: lineText(), description: multilineText() });
    const refused = form.safeParse({ title: "Quiz\u2067", description: "ok" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(form.safeParse({ title: "Quiz", description: `Kom! ${RAINBOW_FLAG}` }).success).toBe(true);
    expect(form.safeParse({ title: `Quiz ${RAINBOW_FLAG}`, description: "" }).success).toBe(false);
  });
});
