import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, recurrenceRule } from "./ics";

const event = {
  id: "e1",
  title: "Quiz på Ölstugan, Malmö",
  description: "Sex ronder; bildrunda",
  location: "Ölstugan",
  city: "Malmö" as const,
  weekday: "Tisdag" as const,
  time: "19:00",
  schedules: [],
  recurrence: "weekly" as const,
  url: "https://quizkvall.se/quiz/malmo/quiz-pa-olstugan",
};

describe("ics", () => {
  it("escapes text and folds long lines at 75 octets", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const folded = foldLine(`SUMMARY:${"å".repeat(60)}`);
    for (const part of folded.split("\r\n"))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"å".repeat(60)}`);
  });

  it("writes weekly, biweekly and monthly rules", () => {
    const first = new Date("2026-11-24T18:00:00Z"); // the 4th Tuesday
    expect(recurrenceRule("weekly", "Tisdag", first)).toBe("RRULE:FREQ=WEEKLY;BYDAY=TU");
    expect(recurrenceRule("biweekly", "Tisdag", first)).toBe("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    expect(recurrenceRule("monthly", "Tisdag", first)).toBe("RRULE:FREQ=MONTHLY;BYDAY=4TU");
    expect(recurrenceRule("monthly", "Söndag", new Date("2026-11-29T18:00:00Z"))).toBe(
      "RRULE:FREQ=MONTHLY;BYDAY=-1SU",
    );
  });

  it("starts at the next occurrence in Stockholm time, never today", () => {
    const now = new Date("2026-11-24T10:00:00Z"); // a Tuesday
    const ics = buildCalendar("Malmö", [event], { now });
    expect(ics).toContain("DTSTART;TZID=Europe/Stockholm:20261201T190000\r\n");
    expect(ics).toContain("SUMMARY:Quiz på Ölstugan\\, Malmö\r\n");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("has one VEVENT per schedule row, or only the asked weekday", () => {
    const several = {
      ...event,
      schedules: [
        { weekday: "Tisdag" as const, time: "19:00" },
        { weekday: "Torsdag" as const, time: "20:00" },
      ],
    };
    const now = new Date("2026-11-22T10:00:00Z");
    expect(buildCalendar("x", [several], { now }).match(/BEGIN:VEVENT/g)).toHaveLength(2);
    const thursdays = buildCalendar("x", [several], { now, onlyWeekday: "Torsdag" });
    expect(thursdays.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(thursdays).toContain("DTSTART;TZID=Europe/Stockholm:20261126T200000");
  });
});
