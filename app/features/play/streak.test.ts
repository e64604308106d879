import { describe, expect, it } from "vitest";
import { addStreakWeek, readStreakWeeks, streakOf, streakText } from "./streak";

const streakLength = (...args: Parameters<typeof streakOf>) => streakOf(...args).length;

const w = (weekYear: number, week: number) => ({ weekYear, week });

describe("the weekly streak kept in the browser", () => {
  it("counts the weeks in a row that end with this week, across a year with 53 weeks", () => {
    let stored = "[]";
    for (const week of [w(2026, 51), w(2026, 52), w(2026, 53), w(2027, 1)]) {
      stored = addStreakWeek(readStreakWeeks(stored), week);
    }
    expect(streakLength(readStreakWeeks(stored), w(2027, 1))).toBe(4);
    expect(streakText(streakOf(readStreakWeeks(stored), w(2027, 1)))).toBe(
      "4 veckor i rad – en frysning kvar",
    );
  });

  it("forgives one missed week in any four, says whether a freeze is left, and is 0 for a week not played", () => {
    const weeks = (...numbers: number[]) => numbers.map((n) => w(2026, n));
    // Week 47 missed: forgiven, and missing week 49 would not be.
    const oneMiss = streakOf(weeks(45, 46, 48), w(2026, 48));
    expect(oneMiss).toEqual({ length: 3, freezeLeft: false });
    expect(streakText(oneMiss)).toBe("3 veckor i rad – ingen frysning kvar");
    // Two misses within four weeks: the older one ends it.
    expect(streakOf(weeks(43, 45, 47, 48), w(2026, 48))).toEqual({ length: 3, freezeLeft: false });
    // Misses five weeks apart are both forgiven; the freeze is back three weeks after the last one.
    expect(streakOf(weeks(40, 42, 43, 44, 45, 47, 48), w(2026, 48)).length).toBe(7);
    expect(streakOf(weeks(44, 46, 47, 48), w(2026, 48))).toEqual({ length: 4, freezeLeft: true });
    // Two weeks in a row missed end it; where the streak began is no freeze used.
    expect(streakOf(weeks(45, 48), w(2026, 48))).toEqual({ length: 1, freezeLeft: true });
    expect(streakText({ length: 1, freezeLeft: true })).toBe("1 vecka i rad – en frysning kvar");
    expect(streakOf(weeks(45, 46, 48), w(2026, 49))).toEqual({ length: 0, freezeLeft: false });
  });

  it("playing a week twice counts once, and the list keeps only the latest 60 weeks", () => {
    let stored = "[]";
    for (let year = 2024; year <= 2026; year++) {
      for (let week = 1; week <= 52; week++) stored = addStreakWeek(readStreakWeeks(stored), w(year, week));
    }
    stored = addStreakWeek(readStreakWeeks(stored), w(2026, 52));
    const kept = readStreakWeeks(stored);
    expect(kept).toHaveLength(60);
    expect(kept.at(-1)).toEqual(w(2026, 52));
    expect(streakLength(kept, w(2026, 52))).toBe(60);
  });

  it("ignores what it cannot read", () => {
    expect(readStreakWeeks("inte json")).toEqual([]);
    expect(readStreakWeeks('{"a":1}')).toEqual([]);
    expect(readStreakWeeks('["2026-W48", 7, "vecka 3", "2027-W53"]')).toEqual([w(2026, 48)]);
    expect(readStreakWeeks(null)).toEqual([]);
  });
});
