import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../tests/support/parse-csv";
import {
  type BeerClick,
  csvFileName,
  PERIOD_HOURS,
  parseMode,
  parsePeriod,
  SHOWN_INCREMENT_EVENTS,
  shownIncrement,
  splitBuckets,
  splitPeriod,
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
  it("has a week as its longest period, which the single skålor are kept for (privacy/retention.ts)", () => {
    expect(Math.max(...PERIOD_HOURS)).toBe(168);
  });

  it("parses period and mode with their defaults", () => {
    expect(parsePeriod(null)).toBe(6);
    expect(parsePeriod("168")).toBe(168);
    expect(parsePeriod("5")).toBe(6);
    expect(parseMode(null)).toBe("summary");
    expect(parseMode("detailed")).toBe("detailed");
  });

  it("writes the summary CSV with exactly its columns and Stockholm times", () => {
    const summary = [
      {
        ...click("a", ""),
        count: 2,
        first: "2026-11-22T10:00:00.000Z",
        last: "2026-11-22T11:00:00.000Z",
      },
    ];
    const rows = parseCsv(toCsv("summary", { summary, clicks }));
    expect(rows[0]).toEqual([
      "Quiz",
      "Stad",
      "Plats",
      "Antal interaktioner",
      "Första interaktion",
      "Senaste interaktion",
    ]);
    expect(rows[1]).toEqual([
      "Quiz a",
      "Göteborg",
      "Krogen",
      "2",
      "2026-11-22 11:00:00",
      "2026-11-22 12:00:00",
    ]);
  });

  it("writes the detailed CSV one click per row, quoting and defusing dangerous cells", () => {
    const csv = toCsv("detailed", {
      summary: [],
      clicks: [
        click("x", "2026-11-22T11:00:00.000Z", { title: 'Quiz "X"; tisdag', userIdentifier: "=cmd()" }),
      ],
    });
    expect(csv.split("\r\n")[1]).toBe(`"Quiz ""X""; tisdag";Göteborg;Krogen;'=cmd();2026-11-22 12:00:00`);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(["Quiz", "Stad", "Plats", "Användar-ID", "Tid"]);
    expect(rows[1]).toEqual(['Quiz "X"; tisdag', "Göteborg", "Krogen", "'=cmd()", "2026-11-22 12:00:00"]);
  });

  it("names the file after mode, hours and date", () => {
    expect(csvFileName("detailed", 24, new Date("2026-11-22T23:30:00Z"))).toBe(
      "ol-aktivitet-detailed-24h-2026-11-23.csv",
    );
  });

  const HOUR = 3_600_000;
  const nows = [new Date("2027-03-01T12:34:56.789Z"), new Date("2027-04-01T00:00:00.000Z")];

  it("splits a period into whole days, whole hours and raw partial hours, covering it exactly once", () => {
    for (const now of nows) {
      for (const hours of PERIOD_HOURS) {
        const parts = splitPeriod(hours, now);
        expect(parts[0]?.from).toBe(now.getTime() - hours * HOUR);
        expect(parts.at(-1)).toMatchObject({ source: "raw", to: now.getTime() });
        expect(parts.slice(1).map((p) => p.from)).toEqual(parts.slice(0, -1).map((p) => p.to));
        for (const p of parts) {
          if (p.source === "raw") expect(p.to - p.from).toBeLessThan(HOUR);
          if (p.source === "hourly") expect([p.from % HOUR, p.to % HOUR]).toEqual([0, 0]);
          if (p.source === "daily") expect([p.from % (24 * HOUR), p.to % (24 * HOUR)]).toEqual([0, 0]);
        }
      }
    }
    expect(splitPeriod(168, nows[0]!).map((p) => p.source)).toEqual([
      "raw",
      "hourly",
      "daily",
      "hourly",
      "raw",
    ]);
    expect(splitPeriod(1, nows[0]!).map((p) => p.source)).toEqual(["raw", "raw"]);
  });

  it("splits the chart's buckets into whole hours and raw parts, each inside its bucket", () => {
    for (const now of nows) {
      for (const hours of PERIOD_HOURS) {
        const parts = splitBuckets(hours, now, 12);
        const start = now.getTime() - hours * HOUR;
        const size = (hours * HOUR) / 12;
        expect(parts[0]?.from).toBe(start);
        expect(parts.at(-1)).toMatchObject({ source: "raw", to: now.getTime() });
        expect(parts.slice(1).map((p) => p.from)).toEqual(parts.slice(0, -1).map((p) => p.to));
        for (const p of parts) {
          expect(p.from).toBeGreaterThanOrEqual(start + p.bucket * size);
          expect(p.to).toBeLessThanOrEqual(start + (p.bucket + 1) * size);
          if (p.source === "hourly") expect([p.from % HOUR, p.to % HOUR]).toEqual([0, 0]);
          else expect(p.to - p.from).toBeLessThan(HOUR);
        }
      }
    }
    // A week: 14-hour buckets, each mostly whole hours.
    const week = splitBuckets(168, nows[0]!, 12);
    expect(week.filter((p) => p.source === "hourly")).toHaveLength(12);
  });
});

describe("shownIncrement", () => {
  const run = (count: number) => ({
    updated: count,
    added: count * 2,
    events: Array.from({ length: count }, (_, i) => ({ id: `e${i}`, title: `Quiz ${i}`, added: 2 })),
  });

  it("shows a small run whole", () => {
    expect(shownIncrement(run(SHOWN_INCREMENT_EVENTS))).toEqual(run(SHOWN_INCREMENT_EVENTS));
  });

  it("shows a city's run as its totals, its first events and how many more", () => {
    const shown = shownIncrement(run(2000));
    expect(shown.updated).toBe(2000);
    expect(shown.added).toBe(4000);
    expect(shown.events.map((e) => e.id)).toEqual(run(SHOWN_INCREMENT_EVENTS).events.map((e) => e.id));
    expect(shown.eventsNotShown).toBe(2000 - SHOWN_INCREMENT_EVENTS);
  });
});
