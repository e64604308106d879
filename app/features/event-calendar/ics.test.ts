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
  recurrenceAnchor: "2026-09-02",
  recurrenceWeek: null,
  exceptions: [],
  streetAddress: "Stortorget 1",
  url: "https://quizkvall.se/quiz/malmo/quiz-pa-olstugan",
};

const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*$/gm, "");

describe("ics", () => {
  it("escapes text (a lone carriage return too) and folds long lines at 75 octets", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    expect(escapeText("rad ett\rrad två\r\nrad tre")).toBe("rad ett\\nrad två\\nrad tre");
    const folded = foldLine(`SUMMARY:${"å".repeat(60)}`);
    for (const part of folded.split("\r\n"))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"å".repeat(60)}`);
  });

  it("writes weekly, every-second-week and monthly rules from the rule, not from today", () => {
    expect(recurrenceRule({ frequency: "weekly", monthWeek: null }, "Tisdag")).toBe(
      "RRULE:FREQ=WEEKLY;BYDAY=TU",
    );
    expect(recurrenceRule({ frequency: "biweekly", monthWeek: null }, "Tisdag")).toBe(
      "RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=TU",
    );
    expect(recurrenceRule({ frequency: "monthly", monthWeek: 4 }, "Tisdag")).toBe(
      "RRULE:FREQ=MONTHLY;BYDAY=4TU",
    );
    expect(recurrenceRule({ frequency: "monthly", monthWeek: -1 }, "Söndag")).toBe(
      "RRULE:FREQ=MONTHLY;BYDAY=-1SU",
    );
  });

  it("starts at the rule's first night and gives the same feed whatever day it is fetched", () => {
    const monthly = { ...event, recurrence: "monthly" as const, recurrenceWeek: 4 as const };
    const first = buildCalendar("Malmö", [monthly], { now: new Date("2026-11-24T10:00:00Z") });
    expect(first).toContain("DTSTART;TZID=Europe/Stockholm:20260922T190000\r\n");
    expect(first).toContain("RRULE:FREQ=MONTHLY;BYDAY=4TU\r\n");
    expect(first).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n");
    for (const day of ["2026-12-01", "2026-12-09", "2027-01-15"])
      expect(withoutStamp(buildCalendar("Malmö", [monthly], { now: new Date(`${day}T10:00:00Z`) }))).toBe(
        withoutStamp(first),
      );
    expect(first).toContain("SUMMARY:Quiz på Ölstugan\\, Malmö\r\n");
    expect(first).toContain("LOCATION:Ölstugan\\, Stortorget 1\\, Malmö\r\n");
    expect(first.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(first.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("lists cancelled nights as EXDATE and extra nights as RDATE (or an event of their own)", () => {
    const ics = buildCalendar("x", [
      {
        ...event,
        exceptions: [
          { date: "2026-12-01", kind: "cancelled" as const, time: null, note: "Julfest" },
          { date: "2026-12-10", kind: "extra" as const, time: "18:30", note: null },
          { date: "2026-12-15", kind: "extra" as const, time: "20:00", note: null },
        ],
      },
    ]);
    expect(ics).toContain("EXDATE;TZID=Europe/Stockholm:20261201T190000\r\n");
    expect(ics).toContain("RDATE;TZID=Europe/Stockholm:20261215T200000\r\n");
    expect(ics).toContain("UID:e1-2026-12-10@quizkvall\r\nDTSTAMP:");
    expect(ics).toContain("DTSTART;TZID=Europe/Stockholm:20261210T183000\r\n");
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
    expect(thursdays).toContain("DTSTART;TZID=Europe/Stockholm:20260903T200000");
  });
});
