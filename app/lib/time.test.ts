import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatNumericDateTime,
  formatNumericDateTimeWithSeconds,
  formatShortWeekdayDate,
  formatShortWeekdayDateTime,
  formatWeekdayDate,
  fromStockholm,
  isNewEvent,
  nextOccurrence,
  stockholmDate,
  stockholmParts,
  timeOf,
  weekdayOf,
} from "./time";

describe("Stockholm time", () => {
  it("derives weekday and HH:MM in Stockholm, not UTC", () => {
    // 2026-03-28 23:30 UTC is Sunday 00:30 in Stockholm (UTC+1, before the DST change).
    const d = new Date("2026-03-28T23:30:00Z");
    expect(weekdayOf(d)).toBe("Söndag");
    expect(timeOf(d)).toBe("00:30");
  });

  it("handles the spring DST change", () => {
    // Stockholm moves to UTC+2 on 2026-03-29 at 02:00.
    expect(timeOf(new Date("2026-03-29T00:30:00Z"))).toBe("01:30");
    expect(timeOf(new Date("2026-03-29T01:30:00Z"))).toBe("03:30");
    expect(fromStockholm(2026, 3, 30, 19, 0).toISOString()).toBe("2026-03-30T17:00:00.000Z");
    expect(fromStockholm(2026, 3, 27, 19, 0).toISOString()).toBe("2026-03-27T18:00:00.000Z");
  });

  it("next occurrence is never today", () => {
    const monday = new Date("2026-11-23T10:00:00Z"); // Måndag
    expect(weekdayOf(monday)).toBe("Måndag");
    expect(nextOccurrence("Måndag", "19:00", monday).toISOString()).toBe("2026-11-30T18:00:00.000Z");
    expect(nextOccurrence("Tisdag", "19:00", monday).toISOString()).toBe("2026-11-24T18:00:00.000Z");
    expect(nextOccurrence("Söndag", "20:30", monday).toISOString()).toBe("2026-11-29T19:30:00.000Z");
  });

  it("next occurrence across the autumn DST change keeps the wall-clock time", () => {
    const friday = new Date("2026-10-23T12:00:00Z");
    const next = nextOccurrence("Onsdag", "19:00", friday);
    expect(next.toISOString()).toBe("2026-10-28T18:00:00.000Z");
    expect(timeOf(next)).toBe("19:00");
  });

  it("isNew is within 14 days", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(isNewEvent(new Date("2026-11-08T12:00:00Z"), now)).toBe(true);
    expect(isNewEvent(new Date("2026-11-08T11:59:00Z"), now)).toBe(false);
  });
});

describe("stockholmParts (offset looked up once per UTC hour)", () => {
  const reference = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Stockholm",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "short",
    hourCycle: "h23",
  });
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

  it("agrees with Intl's own Stockholm wall clock for any instant, across daylight-saving changes", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2060-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (date) => {
          const p = Object.fromEntries(reference.formatToParts(date).map((x) => [x.type, x.value]));
          expect(stockholmParts(date)).toEqual({
            year: Number(p.year),
            month: Number(p.month),
            day: Number(p.day),
            hour: Number(p.hour),
            minute: Number(p.minute),
            second: Number(p.second),
            weekdayIndex: days.indexOf(String(p.weekday)),
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("display formatters", () => {
  const formatters = {
    formatDate,
    formatLongDate,
    formatWeekdayDate,
    formatShortWeekdayDate,
    formatShortWeekdayDateTime,
    formatDateTime,
    formatNumericDateTime,
    formatNumericDateTimeWithSeconds,
  };
  const all = (iso: string) => Object.values(formatters).map((format) => format(iso));

  it("write Swedish dates and times in Stockholm time", () => {
    // 17:05:09 UTC is 18:05:09 in Stockholm in November (UTC+1).
    expect(all("2026-11-19T17:05:09Z")).toEqual([
      "19 nov. 2026",
      "19 november 2026",
      "torsdag 19 november",
      "tors 19 nov.",
      "tors 19/11 18:05",
      "19 nov. 2026 18:05",
      "2026-11-19 18:05",
      "2026-11-19 18:05:09",
    ]);
    // Take a Date as well as an ISO string.
    expect(formatLongDate(new Date("2026-11-19T17:05:09Z"))).toBe("19 november 2026");
  });

  it("follow the clocks across the daylight-saving changes", () => {
    // Spring: 01:59 CET, then 03:00 CEST a minute later.
    expect(formatNumericDateTime("2026-03-29T00:59:00Z")).toBe("2026-03-29 01:59");
    expect(formatNumericDateTime("2026-03-29T01:00:00Z")).toBe("2026-03-29 03:00");
    expect(formatShortWeekdayDateTime("2026-03-29T01:00:00Z")).toBe("sön 29/3 03:00");
    // Autumn: 02:59 CEST, then 02:00 CET again.
    expect(formatDateTime("2026-10-25T00:59:00Z")).toBe("25 okt. 2026 02:59");
    expect(formatDateTime("2026-10-25T01:00:00Z")).toBe("25 okt. 2026 02:00");
    expect(formatNumericDateTimeWithSeconds("2026-10-25T01:00:00Z")).toBe("2026-10-25 02:00:00");
  });

  it("use Stockholm's date, not UTC's, around midnight", () => {
    expect(all("2026-12-31T23:30:00Z")).toEqual([
      "1 jan. 2027",
      "1 januari 2027",
      "fredag 1 januari",
      "fre 1 jan.",
      "fre 1/1 00:30",
      "1 jan. 2027 00:30",
      "2027-01-01 00:30",
      "2027-01-01 00:30:00",
    ]);
    expect(formatWeekdayDate("2026-07-01T22:30:00Z")).toBe("torsdag 2 juli");
    expect(stockholmDate(new Date("2026-07-01T22:30:00Z"))).toBe("2026-07-02");
  });

  it("stockholmDate and timeOf write what sv-SE's short date and HH:MM write", () => {
    const shortDate = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "short" });
    const hourMinute = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Stockholm",
      hour: "2-digit",
      minute: "2-digit",
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (date) => {
          expect(stockholmDate(date)).toBe(shortDate.format(date));
          expect(timeOf(date)).toBe(hourMinute.format(date));
        },
      ),
    );
  });
});
