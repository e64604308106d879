import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../tests/support/parse-csv";
import { buildResultsCsv, resultsCsvFileName } from "./results-csv";

describe("buildResultsCsv", () => {
  it("writes Swedish headers, Stockholm times, whether each play counted and a column per question", () => {
    const csv = buildResultsCsv(3, [
      {
        playId: "p1",
        visitorId: "v1",
        startedAt: new Date("2026-11-22T10:00:00Z"),
        finishedAt: new Date("2026-11-22T10:02:00Z"),
        score: 2,
        total: 3,
        counted: true,
        correctness: [true, false, true],
      },
      {
        playId: "p2",
        visitorId: "=v1",
        startedAt: new Date("2026-07-01T22:30:00Z"),
        finishedAt: new Date("2026-07-01T22:31:05Z"),
        score: 0,
        total: 3,
        counted: false,
        correctness: [false, null, false],
      },
    ]);
    expect(parseCsv(csv)).toEqual([
      [
        "Spel-ID",
        "Besökar-ID",
        "Startad",
        "Avslutad",
        "Poäng",
        "Antal frågor",
        "Räknas i statistiken",
        "Fråga 1",
        "Fråga 2",
        "Fråga 3",
      ],
      ["p1", "v1", "2026-11-22 11:00:00", "2026-11-22 11:02:00", "2", "3", "Ja", "1", "0", "1"],
      ["p2", "'=v1", "2026-07-02 00:30:00", "2026-07-02 00:31:05", "0", "3", "Nej", "0", "", "0"],
    ]);
  });
});

describe("resultsCsvFileName", () => {
  it("uses the Stockholm date", () => {
    expect(resultsCsvFileName("veckans-quiz", new Date("2026-11-21T23:30:00Z"))).toBe(
      "quiz-veckans-quiz-resultat-2026-11-22.csv",
    );
  });
});
