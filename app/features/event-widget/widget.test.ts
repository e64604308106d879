import { describe, expect, it } from "vitest";
import { widgetOf, widgetSnippet } from "./widget";

const NOW = new Date("2026-12-01T17:00:00.000Z"); // Tuesday 18:00 in Stockholm

const tuesdaysAndWednesdays = {
  title: "Tisdagsquiz",
  location: "Puben",
  city: "Malmö",
  citySlug: "malmo",
  slug: "tisdagsquiz",
  weekday: "Tisdag",
  time: "19:00",
  schedules: [
    { weekday: "Tisdag", time: "19:00" },
    { weekday: "Onsdag", time: "20:00" },
  ],
  recurrence: "weekly",
  recurrenceAnchor: "2026-11-24",
  recurrenceWeek: null,
  exceptions: [],
} satisfies Parameters<typeof widgetOf>[0];

describe("an event's widget", () => {
  it("lists the next four nights by their labels, tonight first", () => {
    const widget = widgetOf(tuesdaysAndWednesdays, NOW);
    expect(widget).toMatchObject({ title: "Tisdagsquiz", location: "Puben", city: "Malmö" });
    expect(widget.path).toBe("/quiz/malmo/tisdagsquiz");
    expect(widget.nights.map((n) => n.label)).toEqual([
      "Ikväll 19:00",
      "Imorgon 20:00",
      "Tisdag 8 december 19:00",
      "Onsdag 9 december 20:00",
    ]);
  });

  it("marks a cancelled night with its note, and a running one as running", () => {
    const cancelled = [
      { date: "2026-12-02", kind: "cancelled" as const, endDate: null, time: null, note: "Julfest" },
    ];
    const view = { ...tuesdaysAndWednesdays, exceptions: cancelled };
    const wednesday = widgetOf(view, NOW).nights[1];
    expect(wednesday).toMatchObject({ date: "2026-12-02", cancelled: true, note: "Julfest" });
    const during = new Date("2026-12-01T18:30:00.000Z");
    expect(widgetOf(tuesdaysAndWednesdays, during).nights[0]?.label).toBe("Pågår nu, sedan 19:00");
  });

  it("says 'Bekräftad idag' beside tonight's night on the day its host confirmed it, and on no other", () => {
    const confirmed = { ...tuesdaysAndWednesdays, tonightConfirmedOn: "2026-12-01" };
    expect(widgetOf(confirmed, NOW).nights.map((n) => n.confirmedToday)).toEqual([true, false, false, false]);
    const nextDay = new Date("2026-12-02T09:00:00.000Z");
    expect(widgetOf(confirmed, nextDay).nights.some((n) => n.confirmedToday)).toBe(false);
    const cancelled = {
      ...confirmed,
      exceptions: [{ date: "2026-12-01", kind: "cancelled" as const, endDate: null, time: null, note: null }],
    };
    expect(widgetOf(cancelled, NOW).nights.some((n) => n.confirmedToday)).toBe(false);
  });

  it("gives hosts an iframe snippet with the title escaped", () => {
    expect(widgetSnippet("https://quizkvall.se", "/quiz/malmo/a", 'Quiz "A" & <B>')).toBe(
      '<iframe src="https://quizkvall.se/quiz/malmo/a/widget" title="Quiz &quot;A&quot; &amp; &lt;B> på Quizkväll" width="100%" height="280" style="border:0;max-width:420px" loading="lazy"></iframe>',
    );
  });
});
