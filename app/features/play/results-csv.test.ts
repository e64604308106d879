import { describe, expect, it } from "vitest";
import { buildResultsCsv, resultsCsvFileName } from "./results-csv";

describe("buildResultsCsv", () => {
  it("writes a header and one row per play with a correctness column per question", () => {
    const csv = buildResultsCsv(3, [
      {
        playId: "p1",
        visitorId: "v1",
        startedAt: new Date("2026-11-22T10:00:00Z"),
        finishedAt: new Date("2026-11-22T10:02:00Z"),
        score: 2,
        total: 3,
        correctness: [true, false, true],
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "play_id,visitor_id,started,finished,score,total,fraga_1,fraga_2,fraga_3",
      "p1,v1,2026-11-22T10:00:00.000Z,2026-11-22T10:02:00.000Z,2,3,1,0,1",
      "",
    ]);
  });
  it("quotes separators and defuses formulas", () => {
    const csv = buildResultsCsv(0, [
      {
        playId: "p,1",
        visitorId: "=cmd",
        startedAt: new Date(0),
        finishedAt: new Date(0),
        score: 0,
        total: 0,
        correctness: [],
      },
    ]);
    expect(csv).toContain('"p,1",\'=cmd,');
  });
});

describe("resultsCsvFileName", () => {
  it("uses the Stockholm date", () => {
    expect(resultsCsvFileName("veckans-quiz", new Date("2026-11-21T23:30:00Z"))).toBe(
      "quiz-veckans-quiz-resultat-2026-11-22.csv",
    );
  });
});
