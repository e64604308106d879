import { describe, expect, it } from "vitest";
import { featurableWeeks, nextQuizText, nutidsQuizWeekFor, weeklyQuizLabel, weekWithDates } from "./weekly";

describe("the week a NutidsQuiz is for", () => {
  it.each([
    // The Sunday job's draft (Sunday 08:00 in Stockholm) is the next week's.
    ["2026-11-22T07:00:00Z", 2026, 48],
    // A quiz made on Wednesday 25 November 2026 is week 48's, not 47's.
    ["2026-11-25T12:00:00Z", 2026, 48],
    // Saturday night is still the week's own.
    ["2026-11-28T22:30:00Z", 2026, 48],
    // 22:30 UTC on Sunday is 23:30 in Stockholm: still Sunday, so next week's.
    ["2026-11-29T22:30:00Z", 2026, 49],
    ["2026-12-27T07:00:00Z", 2026, 53],
    ["2027-01-03T07:00:00Z", 2027, 1],
    ["2020-12-27T07:00:00Z", 2020, 53],
    ["2021-01-03T07:00:00Z", 2021, 1],
  ])("made at %s: %i-W%i", (at, weekYear, week) => {
    expect(nutidsQuizWeekFor(new Date(at))).toEqual({ weekYear, week });
  });

  it("is labelled by its week", () => {
    expect(weeklyQuizLabel({ weekYear: 2026, week: 48 })).toBe("NutidsQuiz vecka 48");
    expect(weekWithDates({ weekYear: 2026, week: 48 })).toBe("Vecka 48 · 23–29 november 2026");
  });
});

describe("which weeks can be 'Veckans NutidsQuiz'", () => {
  it("is this week's, or next week's once it is out", () => {
    const wednesday = new Date("2026-11-25T12:00:00Z");
    expect(featurableWeeks(wednesday)).toEqual({
      from: { weekYear: 2026, week: 48 },
      to: { weekYear: 2026, week: 49 },
    });
    expect(featurableWeeks(new Date("2027-01-03T12:00:00Z"))).toEqual({
      from: { weekYear: 2026, week: 53 },
      to: { weekYear: 2027, week: 1 },
    });
  });
});

describe("nextQuizText", () => {
  const wednesday = new Date("2026-11-25T12:00:00Z");

  it("says the rhythm when nothing is scheduled", () => {
    expect(nextQuizText(wednesday, null)).toBe("Nästa NutidsQuiz på söndag");
    expect(nextQuizText(wednesday, new Date("2026-11-20T07:00:00Z"))).toBe("Nästa NutidsQuiz på söndag");
  });

  it("says when a scheduled quiz comes, in Stockholm time", () => {
    expect(nextQuizText(wednesday, new Date("2026-11-29T07:00:00Z"))).toBe(
      "Nästa NutidsQuiz på söndag kl. 08:00",
    );
    expect(nextQuizText(wednesday, new Date("2026-11-25T17:30:00Z"))).toBe(
      "Nästa NutidsQuiz i dag kl. 18:30",
    );
    expect(nextQuizText(wednesday, new Date("2026-11-26T07:00:00Z"))).toBe(
      "Nästa NutidsQuiz i morgon kl. 08:00",
    );
    expect(nextQuizText(wednesday, new Date("2026-12-06T07:00:00Z"))).toBe("Nästa NutidsQuiz 6/12 kl. 08:00");
  });
});
