import { describe, expect, it } from "vitest";
import { addStreakWeek, readStreakWeeks, streakLength, streakText } from "./streak";

const w = (weekYear: number, week: number) => ({ weekYear, week });

describe("the weekly streak kept in the browser", () => {
  it("counts the weeks in a row that end with this week, across a year with 53 weeks", () => {
    let stored = "[]";
    for (const week of [w(2026, 51), w(2026, 52), w(2026, 53), w(2027, 1)]) {
      stored = addStreakWeek(readStreakWeeks(stored), week);
    }
    expect(streakLength(readStreakWeeks(stored), w(2027, 1))).toBe(4);
    expect(streakText(streakLength(readStreakWeeks(stored), w(2027, 1)))).toBe("4 veckor i rad");
  });

  it("starts over after a missed week, and is 0 for a week not played", () => {
    const weeks = readStreakWeeks(addStreakWeek(readStreakWeeks('["2026-W45","2026-W46"]'), w(2026, 48)));
    expect(streakLength(weeks, w(2026, 48))).toBe(1);
    expect(streakText(1)).toBe("1 vecka i rad");
    expect(streakLength(weeks, w(2026, 49))).toBe(0);
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
