import { describe, expect, it } from "vitest";
import { ruleLine, scheduleRows, todaysEntry, whenLabel } from "./event-format";

const base = {
  weekday: "Tisdag" as const,
  time: "19:00",
  recurrence: "weekly" as const,
  schedules: [],
  nextStarts: [],
};

describe("event labels", () => {
  it("shows the plural weekday and time, or 'Flera dagar' with the recurrence", () => {
    expect(whenLabel(base)).toBe("Tisdagar 19:00");
    expect(whenLabel({ ...base, weekday: "Måndag", time: "18:30" })).toBe("Måndagar 18:30");
    const several = {
      ...base,
      recurrence: "biweekly" as const,
      schedules: [
        { weekday: "Torsdag" as const, time: "20:00" },
        { weekday: "Tisdag" as const, time: "19:00" },
      ],
    };
    expect(whenLabel(several)).toBe("Flera dagar · Varannan vecka");
    expect(scheduleRows(several).map((r) => r.weekday)).toEqual(["Tisdag", "Torsdag"]);
  });

  it("says how often a fortnightly or monthly quiz is on, and its next date", () => {
    const next = "2026-12-08T18:00:00.000Z";
    expect(whenLabel({ ...base, recurrence: "biweekly", nextStarts: [next] })).toBe(
      "Varannan tisdag 19:00 · nästa 8 dec.",
    );
    expect(whenLabel({ ...base, recurrence: "monthly", recurrenceWeek: 1, nextStarts: [next] })).toBe(
      "Första tisdagen i månaden 19:00 · nästa 8 dec.",
    );
    expect(whenLabel({ ...base, recurrence: "monthly", recurrenceWeek: -1, nextStarts: [] })).toBe(
      "Sista tisdagen i månaden 19:00",
    );
    // A full event reads its next night that is not cancelled.
    const nights = [
      { start: "2026-12-01T18:00:00.000Z", weekday: "Tisdag" as const, cancelled: true },
      { start: next, weekday: "Tisdag" as const, cancelled: false },
    ];
    const { nextStarts: _, ...full } = base;
    expect(whenLabel({ ...full, recurrence: "biweekly", nights }, "Tisdag")).toBe(
      "Varannan tisdag 19:00 · nästa 8 dec.",
    );
    expect(whenLabel({ ...base, nextStarts: [next] })).toBe("Tisdagar 19:00");
  });

  it("names each weekday's real rule for the event page's 'När', as the cards do", () => {
    expect(ruleLine(base, "Tisdag")).toBe("Tisdagar 19:00");
    expect(ruleLine({ ...base, recurrence: "biweekly" }, "Tisdag")).toBe("Varannan tisdag 19:00");
    expect(ruleLine({ ...base, recurrence: "monthly", recurrenceWeek: 1 }, "Tisdag")).toBe(
      "Första tisdagen i månaden 19:00",
    );
    // Each schedule row with its own time.
    const schedules = [
      { weekday: "Tisdag" as const, time: "19:00" },
      { weekday: "Torsdag" as const, time: "20:00" },
    ];
    expect(ruleLine({ ...base, recurrence: "monthly", recurrenceWeek: -1, schedules }, "Torsdag")).toBe(
      "Sista torsdagen i månaden 20:00",
    );
    expect(ruleLine({ ...base, recurrence: "biweekly", schedules }, "Torsdag")).toBe(
      "Varannan torsdag 20:00",
    );
  });

  it("the list row shows today's schedule entry in Stockholm, else the main day", () => {
    const schedules = [
      { weekday: "Tisdag" as const, time: "19:00" },
      { weekday: "Torsdag" as const, time: "20:00" },
    ];
    // Thursday 23:30 UTC is already Friday in Stockholm.
    expect(todaysEntry({ ...base, schedules }, new Date("2026-11-26T12:00:00Z"))).toEqual(schedules[1]);
    expect(todaysEntry({ ...base, schedules }, new Date("2026-11-26T23:30:00Z"))).toEqual({
      weekday: "Tisdag",
      time: "19:00",
    });
  });
});
