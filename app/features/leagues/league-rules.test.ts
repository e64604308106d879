import { describe, expect, it } from "vitest";
import { durationLabel, seasonTable, type WeekResult, weekTable } from "./league-rules";

const W48 = { weekYear: 2026, week: 48 };
const W47 = { weekYear: 2026, week: 47 };

function result(nickname: string, week: typeof W48, score: number, seconds = 100): WeekResult {
  return { memberId: nickname, nickname, week, score, questionCount: 10, seconds };
}

describe("a league's tables", () => {
  it("orders a week by score, then by time, and equal score and time share a place", () => {
    const table = weekTable(
      [
        result("Bo", W48, 7, 90),
        result("Ada", W48, 9, 200),
        result("Cleo", W48, 7, 60),
        result("Dan", W48, 7, 90),
        result("Eva", W47, 10),
      ],
      W48,
    );
    expect(table.map((r) => [r.place, r.nickname])).toEqual([
      [1, "Ada"],
      [2, "Cleo"],
      [3, "Bo"],
      [3, "Dan"],
    ]);
  });

  it("sums the best ten of a member's weeks for the season", () => {
    const weeks = Array.from({ length: 12 }, (_, i) => ({ weekYear: 2026, week: 37 + i }));
    const ada = weeks.map((week, i) => result("Ada", week, i < 2 ? 0 : 5));
    const bo = weeks.slice(0, 3).map((week) => result("Bo", week, 10));
    const table = seasonTable([...ada, ...bo]);
    expect(table).toEqual([
      { memberId: "Ada", nickname: "Ada", weeks: 12, points: 50, place: 1 },
      { memberId: "Bo", nickname: "Bo", weeks: 3, points: 30, place: 2 },
    ]);
  });

  it("gives a tie in the season one place", () => {
    const table = seasonTable([result("Bo", W48, 8), result("Ada", W48, 8), result("Cleo", W47, 3)]);
    expect(table.map((r) => [r.place, r.nickname])).toEqual([
      [1, "Ada"],
      [1, "Bo"],
      [3, "Cleo"],
    ]);
  });

  it("says how long a play took", () => {
    expect(durationLabel(12.4)).toBe("12 s");
    expect(durationLabel(125)).toBe("2:05");
  });
});
