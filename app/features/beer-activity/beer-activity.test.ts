import { describe, expect, it } from "vitest";
import {
  type BeerClick,
  bucketClicks,
  csvFileName,
  DETAILED_HEADER,
  parseMode,
  parsePeriod,
  SUMMARY_HEADER,
  summarize,
  toCsv,
} from "./beer-activity";

const click = (eventId: string, clickedAt: string, extra: Partial<BeerClick> = {}): BeerClick => ({
  eventId,
  title: `Quiz ${eventId}`,
  city: "Göteborg",
  place: "Krogen",
  userIdentifier: `user-${clickedAt}`,
  clickedAt,
  ...extra,
});

const clicks = [
  click("b", "2026-11-22T11:30:00.000Z"),
  click("a", "2026-11-22T11:00:00.000Z"),
  click("a", "2026-11-22T10:00:00.000Z"),
];

describe("beer activity", () => {
  it("parses period and mode with the spec's defaults", () => {
    expect(parsePeriod(null)).toBe(6);
    expect(parsePeriod("168")).toBe(168);
    expect(parsePeriod("5")).toBe(6);
    expect(parseMode(null)).toBe("summary");
    expect(parseMode("detailed")).toBe("detailed");
  });

  it("summarises clicks per event with first and last times", () => {
    expect(summarize(clicks)).toEqual([
      expect.objectContaining({
        eventId: "a",
        count: 2,
        first: clicks[2].clickedAt,
        last: clicks[1].clickedAt,
      }),
      expect.objectContaining({ eventId: "b", count: 1 }),
    ]);
  });

  it("writes the summary CSV with exactly the spec's columns and Stockholm times", () => {
    const lines = toCsv("summary", { summary: summarize(clicks), clicks })
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(SUMMARY_HEADER.join(","));
    expect(SUMMARY_HEADER).toHaveLength(6);
    expect(lines[1]).toBe("Quiz a,Göteborg,Krogen,2,2026-11-22 11:00:00,2026-11-22 12:00:00");
  });

  it("writes the detailed CSV one click per row, quoting and defusing dangerous cells", () => {
    const lines = toCsv("detailed", {
      summary: [],
      clicks: [
        click("x", "2026-11-22T11:00:00.000Z", { title: 'Quiz "X", tisdag', userIdentifier: "=cmd()" }),
      ],
    })
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(DETAILED_HEADER.join(","));
    expect(lines[1]).toBe(`"Quiz ""X"", tisdag",Göteborg,Krogen,'=cmd(),2026-11-22 12:00:00`);
  });

  it("names the file after mode, hours and date", () => {
    expect(csvFileName("detailed", 24, new Date("2026-11-22T23:30:00Z"))).toBe(
      "ol-aktivitet-detailed-24h-2026-11-23.csv",
    );
  });

  it("counts clicks into equal buckets over the period", () => {
    const buckets = bucketClicks(clicks, 6, new Date("2026-11-22T12:00:00Z"), 6);
    expect(buckets.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 2]);
  });
});
