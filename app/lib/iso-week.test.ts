import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareIsoWeeks,
  formatIsoWeek,
  formatIsoWeekRange,
  isoWeekOfDate,
  parseIsoWeek,
  parseStockholmDateTime,
  shiftIsoWeek,
  stockholmIsoWeek,
  toStockholmDateTimeInput,
} from "./time";

describe("ISO 8601 weeks", () => {
  it.each([
    // Wednesday 25 November 2026 is in week 48 (Monday 23 – Sunday 29 November).
    ["2026-11-25", 2026, 48],
    ["2026-11-22", 2026, 47],
    ["2026-11-23", 2026, 48],
    // 2026 starts on a Thursday, so it has 53 weeks and 1 January 2027 (a Friday) is still in its week 53.
    ["2026-12-31", 2026, 53],
    ["2027-01-01", 2026, 53],
    ["2027-01-03", 2026, 53],
    ["2027-01-04", 2027, 1],
    // 2020 (a leap year starting on a Wednesday) has a week 53 that runs into 2021.
    ["2020-12-31", 2020, 53],
    ["2021-01-03", 2020, 53],
    ["2021-01-04", 2021, 1],
    // The last days of December can be week 1 of the next year.
    ["2024-12-30", 2025, 1],
    ["2025-12-29", 2026, 1],
    ["2026-01-01", 2026, 1],
    ["2023-01-01", 2022, 52],
  ])("%s is in week %i-W%i", (date, weekYear, week) => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    expect(isoWeekOfDate(y, m, d)).toEqual({ weekYear, week });
  });

  it("counts weeks of Stockholm dates, not UTC dates", () => {
    // 23:30 UTC on Sunday 22 November is already Monday 23 November in Stockholm.
    expect(stockholmIsoWeek(new Date("2026-11-22T23:30:00Z"))).toEqual({ weekYear: 2026, week: 48 });
    expect(stockholmIsoWeek(new Date("2026-11-22T22:30:00Z"))).toEqual({ weekYear: 2026, week: 47 });
    // New Year's Eve 23:30 UTC is 1 January 2027 in Stockholm: still 2026-W53.
    expect(stockholmIsoWeek(new Date("2026-12-31T23:30:00Z"))).toEqual({ weekYear: 2026, week: 53 });
  });

  it("knows which years have 53 weeks", () => {
    const has53 = (weekYear: number) => parseIsoWeek(`${weekYear}-W53`) !== null;
    expect([2015, 2020, 2026, 2032].map(has53)).toEqual([true, true, true, true]);
    expect([2021, 2024, 2025, 2027].map(has53)).toEqual([false, false, false, false]);
  });

  it("finds the Monday of a week and moves across year ends", () => {
    expect(formatIsoWeekRange({ weekYear: 2026, week: 48 })).toMatch(/^23–/);
    expect(formatIsoWeekRange({ weekYear: 2026, week: 53 })).toMatch(/^28 december 2026–/);
    expect(formatIsoWeekRange({ weekYear: 2025, week: 1 })).toMatch(/^30 december 2024–/);
    expect(shiftIsoWeek({ weekYear: 2026, week: 53 }, 1)).toEqual({ weekYear: 2027, week: 1 });
    expect(shiftIsoWeek({ weekYear: 2027, week: 1 }, -1)).toEqual({ weekYear: 2026, week: 53 });
    expect(shiftIsoWeek({ weekYear: 2021, week: 52 }, 1)).toEqual({ weekYear: 2022, week: 1 });
    expect(compareIsoWeeks({ weekYear: 2026, week: 53 }, { weekYear: 2027, week: 1 })).toBeLessThan(0);
  });

  it("shifting a week there and back is the identity, and every day of a week maps to it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2100 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: -120, max: 120 }),
        (year, dayOfYear, by) => {
          const date = new Date(Date.UTC(year, 0, 1 + dayOfYear));
          const week = isoWeekOfDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
          expect(shiftIsoWeek(shiftIsoWeek(week, by), -by)).toEqual(week);
          expect(parseIsoWeek(formatIsoWeek(week))).toEqual(week);
          // The Monday on or before the date starts its week.
          const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
          for (let i = 0; i < 7; i++) {
            const day = new Date(monday.getTime() + i * 86_400_000);
            expect(isoWeekOfDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate())).toEqual(
              week,
            );
          }
        },
      ),
    );
  });

  it("writes and reads the 2026-W48 form, refusing weeks a year does not have", () => {
    expect(formatIsoWeek({ weekYear: 2027, week: 1 })).toBe("2027-W01");
    expect(parseIsoWeek("2026-W53")).toEqual({ weekYear: 2026, week: 53 });
    expect(parseIsoWeek("2027-W53")).toBeNull();
    expect(parseIsoWeek("2026-W00")).toBeNull();
    expect(parseIsoWeek("2026-48")).toBeNull();
    expect(parseIsoWeek("vecka 48")).toBeNull();
  });

  it("names the days of a week in Swedish", () => {
    expect(formatIsoWeekRange({ weekYear: 2026, week: 48 })).toBe("23–29 november 2026");
    expect(formatIsoWeekRange({ weekYear: 2026, week: 49 })).toBe("30 november–6 december 2026");
    expect(formatIsoWeekRange({ weekYear: 2026, week: 53 })).toBe("28 december 2026–3 januari 2027");
  });
});

describe("datetime-local values in Stockholm time", () => {
  it("reads wall-clock time in Stockholm, on both sides of daylight saving", () => {
    expect(parseStockholmDateTime("2026-11-22T08:00")?.toISOString()).toBe("2026-11-22T07:00:00.000Z");
    expect(parseStockholmDateTime("2026-07-05T08:00")?.toISOString()).toBe("2026-07-05T06:00:00.000Z");
    expect(toStockholmDateTimeInput(new Date("2026-11-22T07:00:00Z"))).toBe("2026-11-22T08:00");
  });

  it.each(["", "2026-11-31T08:00", "2026-13-01T08:00", "2026-11-22T24:00", "2026-11-22 08:00", "i morgon"])(
    "refuses %j",
    (value) => {
      expect(parseStockholmDateTime(value)).toBeNull();
    },
  );
});
