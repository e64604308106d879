import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar } from "./ics";

type Expanded = { uid: string; start: string; status: string | null; summary: string; description: string };

/**
 * The nights a calendar app sees in a feed from `from` to `to` (local stamps YYYY-MM-DDTHH:MM), expanded by
 * ical.js, an independent RFC 5545 implementation: rules, RDATE, EXDATE and RECURRENCE-ID overrides.
 */
function expand(ics: string, from: string, to: string): Expanded[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const out: Expanded[] = [];
  const masters = vevents.filter((v) => !v.hasProperty("recurrence-id"));
  for (const master of masters) {
    const event = new ICAL.Event(master);
    for (const v of vevents)
      if (v.hasProperty("recurrence-id") && v.getFirstPropertyValue("uid") === event.uid)
        event.relateException(new ICAL.Event(v));
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const start = next.toString().slice(0, 16);
      if (start > to) break;
      if (start < from) continue;
      const details = event.getOccurrenceDetails(next);
      const item = details.item;
      out.push({
        uid: event.uid,
        start: details.startDate.toString().slice(0, 16),
        status: (item.component.getFirstPropertyValue("status") as string | null) ?? null,
        summary: item.summary,
        description: item.description,
      });
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start));
}

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
    expect(buildCalendar("a,b;c\\d\ne", [])).toContain("X-WR-CALNAME:a\\,b\\;c\\\\d\\ne\r\n");
    expect(buildCalendar("rad ett\rrad två\r\nrad tre", [])).toContain(
      "X-WR-CALNAME:rad ett\\nrad två\\nrad tre\r\n",
    );
    const ics = buildCalendar("Malmö", [{ ...event, title: "å".repeat(60) }]);
    for (const line of ics.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:${"å".repeat(60)}\r\n`);
  });

  it("writes weekly, every-second-week and monthly rules from the rule, not from today", () => {
    const ruleOf = (
      recurrence: "weekly" | "biweekly" | "monthly",
      recurrenceWeek: 4 | -1 | null,
      weekday = "Tisdag",
    ) =>
      buildCalendar("Malmö", [{ ...event, recurrence, recurrenceWeek, weekday: weekday as "Tisdag" }])
        .split("\r\n")
        // The time zone's own summer-time rules are yearly.
        .filter((line) => line.startsWith("RRULE:") && !line.includes("FREQ=YEARLY"));
    expect(ruleOf("weekly", null)).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=TU"]);
    expect(ruleOf("biweekly", null)).toEqual(["RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=TU"]);
    expect(ruleOf("monthly", 4)).toEqual(["RRULE:FREQ=MONTHLY;BYDAY=4TU"]);
    expect(ruleOf("monthly", -1, "Söndag")).toEqual(["RRULE:FREQ=MONTHLY;BYDAY=-1SU"]);
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

  it("overrides a cancelled night with STATUS:CANCELLED and its note, and lists extra nights as RDATE (or an event of their own)", () => {
    const ics = buildCalendar("x", [
      {
        ...event,
        exceptions: [
          { date: "2026-12-01", kind: "cancelled" as const, time: null, note: "Julfest, stängt" },
          { date: "2026-12-10", kind: "extra" as const, time: "18:30", note: null },
          { date: "2026-12-15", kind: "extra" as const, time: "20:00", note: null },
        ],
      },
    ]);
    expect(ics).not.toContain("EXDATE");
    expect(ics).toContain("RECURRENCE-ID;TZID=Europe/Stockholm:20261201T190000\r\n");
    expect(ics).toContain("RDATE;TZID=Europe/Stockholm:20261215T200000\r\n");
    expect(ics).toContain("UID:e1-2026-12-10@quizkvall\r\nDTSTAMP:");
    const nights = expand(ics, "2026-11-30", "2026-12-16");
    expect(nights.map((n) => [n.start, n.status])).toEqual([
      ["2026-12-01T19:00", "CANCELLED"],
      ["2026-12-08T19:00", null],
      ["2026-12-10T18:30", null],
      ["2026-12-15T19:00", null],
      ["2026-12-15T20:00", null],
    ]);
    const cancelled = nights[0]!;
    expect(cancelled.uid).toBe("e1-tu@quizkvall");
    expect(cancelled.summary).toBe("Inställt: Quiz på Ölstugan, Malmö");
    expect(cancelled.description.split("\n")[0]).toBe("Inställt – Julfest, stängt");
  });

  it("leaves a break's nights out (EXDATE), extra ones in it too, and cancels a one-off extra night in place", () => {
    const ics = buildCalendar(
      "x",
      [
        {
          ...event,
          schedules: [
            { weekday: "Tisdag" as const, time: "19:00" },
            { weekday: "Torsdag" as const, time: "20:00" },
          ],
          exceptions: [
            { date: "2027-06-14", kind: "break" as const, time: null, note: "Sommar", endDate: "2027-08-15" },
            { date: "2027-07-01", kind: "extra" as const, time: "18:00", note: null },
            { date: "2027-08-21", kind: "extra" as const, time: "18:00", note: null },
            { date: "2027-08-21", kind: "cancelled" as const, time: null, note: "Regn" },
          ],
        },
      ],
      { alarm: true },
    );
    const nights = expand(ics, "2027-06-08", "2027-08-22");
    expect(nights.map((n) => [n.start, n.status])).toEqual([
      ["2027-06-08T19:00", null],
      ["2027-06-10T20:00", null],
      ["2027-08-17T19:00", null],
      ["2027-08-19T20:00", null],
      ["2027-08-21T18:00", "CANCELLED"],
    ]);
    expect(nights.at(-1)!.description.startsWith("Inställt – Regn")).toBe(true);
    // No reminder for a night that is not happening.
    const cancelledEvent = ics.slice(ics.indexOf("UID:e1-2027-08-21"));
    expect(cancelledEvent.slice(0, cancelledEvent.indexOf("END:VEVENT"))).not.toContain("VALARM");
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
