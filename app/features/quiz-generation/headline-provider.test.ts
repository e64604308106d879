import { assert, describe, expect, it } from "vitest";
import { isOneKind, optionKinds } from "../../../tests/support/option-kind";
import { numberDistractors } from "./distractors";
import type { NewsItem } from "./feed";
import { type Blank, blankOut, findBlanks } from "./headline-blanks";
import { buildHeadlineQuestions } from "./headline-provider";
import { placeKindsOf, placesOfKind } from "./names/place-names";
import { findQuestionProblems } from "./question-rules";

const item = (title: string, n: number): NewsItem => ({
  title,
  link: `https://nyheter.example/${n}`,
  outlet: "Nyheterna",
  publishedAt: new Date(Date.UTC(2026, 10, 20, 12, -n)),
});

/** A repeatable random source. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

describe("the shipped name lists", () => {
  it("hold Sweden's 290 municipalities, the countries and their capitals", () => {
    expect(placesOfKind("municipality")).toHaveLength(290);
    expect(placesOfKind("country").length).toBeGreaterThanOrEqual(193);
    expect(placeKindsOf("Umeå")).toEqual(["municipality"]);
    expect(placeKindsOf("Stockholm")).toEqual(["municipality", "capital"]);
    expect(placeKindsOf("Brasilien")).toEqual(["country"]);
    expect(placeKindsOf("Belém")).toEqual([]);
    expect(placeKindsOf("Mars")).toEqual([]);
  });
});

describe("findBlanks", () => {
  it("finds people, listed places (also in the genitive and in several words) and numbers", () => {
    expect(
      findBlanks("Magdalena Andersson besöker Nya Zeeland och Stockholms hamn med 16 000 gäster").map((b) => [
        b.kind,
        b.text,
      ]),
    ).toEqual([
      ["person", "Magdalena Andersson"],
      ["place", "Nya Zeeland"],
      ["place", "Stockholms"],
      ["number", "16 000"],
    ]);
  });

  it("leaves out names that are no listed place or person, and places inside longer names", () => {
    expect(findBlanks("Klimatmötet i Belém förlängs").map((b) => b.text)).toEqual([]);
    expect(findBlanks("Japan skickar ny rymdsond mot Mars").map((b) => b.text)).toEqual(["Japan"]);
    expect(findBlanks("Rekordmånga besökte Gröna Lund").map((b) => b.text)).toEqual([]);
    expect(findBlanks("Malmö FF vidare i cupen").map((b) => b.text)).toEqual([]);
    // A place that is also a first name may be a person.
    expect(findBlanks("Kronprinsessan Victoria inviger museum").map((b) => b.text)).toEqual([]);
  });

  it("reads numbers with their precision, years and days of a month", () => {
    /** The number blank of `text` in the headline, as the generator reads it. */
    const numberIn = (title: string, text: string) =>
      findBlanks(title).find(
        (b): b is Extract<Blank, { kind: "number" }> => b.kind === "number" && b.text === text,
      )?.number;
    expect(numberIn("Styrräntan sänks till 1,75 procent", "1,75")).toMatchObject({
      value: 1.75,
      decimals: 2,
      decimalSeparator: ",",
    });
    expect(numberIn("Vasaloppet får 16 000 anmälda", "16 000")).toMatchObject({
      value: 16000,
      groupSeparator: " ",
      isYear: false,
    });
    expect(numberIn("Kolkraften stängs 2030", "2030")).toMatchObject({ isYear: true });
    expect(numberIn("Festen är den 10 december", "10")).toMatchObject({ isDayOfMonth: true });
  });
});

describe("blankOut", () => {
  it("replaces the blank's own occurrence only", () => {
    const title = "Malmö slår Malmöhus i Malmö";
    const [, second] = findBlanks("Malmö slår Malmöhus i Malmö");
    assert(second);
    expect(blankOut(title, second)).toBe("Malmö slår Malmöhus i ___");
  });
});

describe("numberDistractors", () => {
  const distractors = (title: string, text: string) => {
    const blank = findBlanks(title).find((b) => b.text === text);
    assert(blank?.kind === "number");
    return numberDistractors(blank, title, seeded(7));
  };

  it("offers numbers near the answer with its precision and form", () => {
    for (const d of distractors("Vasaloppet får 16 000 anmälda", "16 000") ?? []) {
      expect(d).toMatch(/^\d{1,2} \d00$/);
      expect(Math.abs(Number(d.replace(" ", "")) - 16000)).toBeLessThanOrEqual(4000);
    }
    for (const d of distractors("Styrräntan sänks till 1,75 procent", "1,75") ?? []) {
      expect(d).toMatch(/^\d,\d{2}$/);
    }
    for (const d of distractors("Kolkraften stängs 2030", "2030") ?? []) {
      expect(Math.abs(Number(d) - 2030)).toBeLessThanOrEqual(2);
    }
    for (const d of distractors("Festen är den 10 december", "10") ?? []) {
      expect(Math.abs(Number(d) - 10)).toBeLessThanOrEqual(3);
    }
    // Millions keep the headline's grouping, every group.
    const millions = distractors("Staden får 2 000 000 besökare", "2 000 000");
    expect(millions?.length).toBeGreaterThan(0);
    for (const d of millions ?? []) {
      expect(d).toMatch(/^\d \d{3} \d{3}$/);
    }
  });
});

describe("optionKinds", () => {
  it("tells numbers, years, places and people apart", () => {
    expect(isOneKind(["1,75", "1,50", "2,00"])).toBe(true);
    expect(isOneKind(["16 000", "1,75", "10"])).toBe(false);
    expect(isOneKind(["Umeå", "Belém", "Mars"])).toBe(false);
    expect(isOneKind(["Umeå", "Kalmar", "Luleå"])).toBe(true);
    expect(isOneKind(["Stockholms", "Borås", "Umeås"])).toBe(true);
    expect(isOneKind(["Japan", "Kina", "Umeå"])).toBe(false);
    expect(isOneKind(["Ebba Busch", "Ulf Kristersson", "Jimmie Åkesson"])).toBe(true);
    expect(isOneKind(["Ebba Busch", "Riksbanken", "Jimmie Åkesson"])).toBe(false);
    expect([...optionKinds("2030")]).toEqual(["year"]);
  });
});

describe("buildHeadlineQuestions", () => {
  const items = [
    item("Storm drar in över Göteborg i natt", 1),
    item("Klimatmötet i Belém förlängs", 2),
    item("Elpriset steg med 40 procent", 3),
    item("Ulf Kristersson möter Magdalena Andersson", 4),
    item("Ebba Busch besöker Ringhals", 5),
    item("Rekordmånga besökte Skansen i helgen", 6),
    item("Japan skickar ny rymdsond mot Mars", 7),
    item("Jimmie Åkesson kräver besked", 8),
  ];

  it("asks for a missing word whose distractors are of its kind, and skips headlines with no good blank", () => {
    const questions = buildHeadlineQuestions(items, 10, seeded(3));
    const sources = questions.map((q) => q.source?.url);
    // Belém and Skansen are no listed place: those headlines are skipped.
    expect(sources).not.toContain(items[1]?.link);
    expect(sources).not.toContain(items[5]?.link);
    expect(questions).toHaveLength(6);
    const [first] = questions;
    assert(first);
    expect(first.questionText).toBe("Vilket ord saknas i rubriken ”Storm drar in över ___ i natt”?");
    expect(first.options[first.correct]).toBe("Göteborg");
    for (const q of questions) {
      expect(isOneKind(q.options)).toBe(true);
      const answer = q.options[q.correct] ?? "";
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
    // People get the week's other people: never a word of another kind.
    const person = questions.find((q) => q.questionText.startsWith("Vilket namn"));
    assert(person);
    for (const option of person.options) {
      expect(["Ulf Kristersson", "Magdalena Andersson", "Ebba Busch", "Jimmie Åkesson"]).toContain(option);
    }
  });

  it("holds every question of every seed to one kind", () => {
    for (let seed = 1; seed <= 50; seed++) {
      for (const q of buildHeadlineQuestions(items, 10, seeded(seed)))
        expect(isOneKind(q.options)).toBe(true);
    }
  });

  it("stops at the requested count", () => {
    expect(buildHeadlineQuestions(items, 2, seeded(5))).toHaveLength(2);
  });
});
