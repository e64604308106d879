import { describe, expect, it } from "vitest";
import { whenLabel } from "./event-format";
import { type EventView, todayAndTomorrow, toEventView } from "./event-view";
import {
  isConfirmedToday,
  nextStartOn,
  nextStartsByWeekday,
  soonLabelsByDay,
  soonLabelsByWeekday,
} from "./night-labels";
import type { RuleException } from "./occurrences";

// Stockholm is UTC+1 in January.
const SATURDAY_NOON = new Date("2027-01-16T11:00:00.000Z");
const SATURDAY_21_45 = new Date("2027-01-16T20:45:00.000Z");
const FRIDAY_NOON = new Date("2027-01-15T11:00:00.000Z");
const TUESDAY_NOON = new Date("2027-01-12T11:00:00.000Z");

/** A quiz on Wednesdays 19:30 and Saturdays 21:15 (the two-night quiz of issue 38), seen at `now`. */
function twoNights(now: Date, exceptions: RuleException[] = [], overrides = {}): EventView {
  return toEventView(
    {
      id: "4f1b2c3d-0000-4000-8000-000000000038",
      slug: "tvadagarsquiz",
      title: "Tvådagarsquiz",
      description: "Två kvällar i veckan",
      imageUrl: null,
      locationName: "Salongen",
      locationAddress: "Gatan 1, Malmö",
      city: "Malmö",
      startTime: new Date("2027-01-06T18:30:00.000Z"),
      tags: ["MusikQuiz"],
      email: null,
      phone: null,
      website: null,
      instagram: null,
      maxPersonsPerTeam: 6,
      recurrence: "weekly",
      schedules: [
        { weekday: "Onsdag", time: "19:30" },
        { weekday: "Lördag", time: "21:15" },
      ],
      recurrenceAnchor: "2027-01-04",
      recurrenceWeek: null,
      streetAddress: null,
      beerCounter: 0,
      createdAt: new Date("2026-10-01T10:00:00.000Z"),
      ...overrides,
    },
    now,
    new Map(),
    exceptions,
  );
}

const byWeekday = (event: EventView, now: Date) => {
  const dates = todayAndTomorrow(now);
  return soonLabelsByWeekday(soonLabelsByDay(event.nights, dates), dates);
};

describe("'Ikväll' and 'Imorgon' on a page about one weekday", () => {
  it("names a two-night quiz's night only on its own weekday's page", () => {
    // Saturday: tonight's 21:15 belongs to the Saturday page; the Wednesday page has nothing soon.
    const saturday = twoNights(SATURDAY_NOON);
    expect(saturday.soon).toEqual({ text: "Ikväll 21:15", tone: "tonight" });
    expect(byWeekday(saturday, SATURDAY_NOON)).toEqual({ Lördag: { text: "Ikväll 21:15", tone: "tonight" } });
    // Tuesday: tomorrow's 19:30 is the Wednesday page's.
    expect(byWeekday(twoNights(TUESDAY_NOON), TUESDAY_NOON)).toEqual({
      Onsdag: { text: "Imorgon 19:30", tone: "tomorrow" },
    });
    // Running, it says so on its page.
    expect(byWeekday(twoNights(SATURDAY_21_45), SATURDAY_21_45)).toEqual({
      Lördag: { text: "Pågår sedan 21:15", tone: "running" },
    });
  });

  it("a quiz on today's and tomorrow's weekday names each night on its page, the event tonight's", () => {
    const friday = twoNights(FRIDAY_NOON, [], {
      schedules: [
        { weekday: "Fredag", time: "20:30" },
        { weekday: "Lördag", time: "21:15" },
      ],
    });
    expect(friday.soon?.text).toBe("Ikväll 20:30");
    expect(byWeekday(friday, FRIDAY_NOON)).toEqual({
      Fredag: { text: "Ikväll 20:30", tone: "tonight" },
      Lördag: { text: "Imorgon 21:15", tone: "tomorrow" },
    });
  });

  it("a cancelled night says 'Inställt ikväll' on its day, and is no 'Imorgon' the day before", () => {
    const cancelled: RuleException[] = [{ date: "2027-01-16", kind: "cancelled", time: null, note: null }];
    expect(byWeekday(twoNights(SATURDAY_NOON, cancelled), SATURDAY_NOON)).toEqual({
      Lördag: { text: "Inställt ikväll", tone: "cancelled" },
    });
    expect(byWeekday(twoNights(FRIDAY_NOON, cancelled), FRIDAY_NOON)).toEqual({});
    expect(twoNights(FRIDAY_NOON, cancelled).soon).toBeNull();
  });
});

describe("the next night on a weekday", () => {
  // Every second week from the week of Monday 4 January 2027: Tuesdays 19:00 and Thursdays 20:00.
  const fortnightly = (now: Date, exceptions: RuleException[] = []) =>
    twoNights(now, exceptions, {
      recurrence: "biweekly",
      schedules: [
        { weekday: "Tisdag", time: "19:00" },
        { weekday: "Torsdag", time: "20:00" },
      ],
    });

  it("is that weekday's, not the event's next night", () => {
    const event = fortnightly(SATURDAY_NOON);
    const starts = nextStartsByWeekday(["Tisdag", "Torsdag"], event.nights);
    // The 'on' weeks are those of 4 and 18 January.
    expect(starts).toEqual(["2027-01-19T18:00:00.000Z", "2027-01-21T19:00:00.000Z"]);
    expect(nextStartOn(starts, "Torsdag")).toBe("2027-01-21T19:00:00.000Z");
    expect(nextStartOn(starts)).toBe("2027-01-19T18:00:00.000Z");
    expect(whenLabel(event, "Torsdag")).toBe("Varannan torsdag 20:00 · nästa 21 jan.");
    expect(whenLabel(event, "Tisdag")).toBe("Varannan tisdag 19:00 · nästa 19 jan.");
    expect(whenLabel(event)).toBe("Flera dagar · Varannan vecka · nästa 19 jan.");
  });

  it("skips a cancelled night of that weekday only, and ignores an extra night on another weekday", () => {
    const event = fortnightly(SATURDAY_NOON, [
      { date: "2027-01-19", kind: "cancelled", time: null, note: null },
      { date: "2027-01-17", kind: "extra", time: "18:00", note: null },
    ]);
    expect(nextStartsByWeekday(["Tisdag", "Torsdag"], event.nights)).toEqual([
      "2027-01-21T19:00:00.000Z",
      "2027-02-02T18:00:00.000Z",
    ]);
    expect(whenLabel(event, "Tisdag")).toBe("Varannan tisdag 19:00 · nästa 2 feb.");
    expect(whenLabel(event, "Torsdag")).toBe("Varannan torsdag 20:00 · nästa 21 jan.");
  });
});

describe("'Bekräftad idag'", () => {
  const nights = [
    { date: "2027-01-16", cancelled: false },
    { date: "2027-01-20", cancelled: false },
  ];

  it("holds only on the date the host confirmed, while that date has a night that is not cancelled", () => {
    expect(isConfirmedToday("2027-01-16", nights, "2027-01-16")).toBe(true);
    // The next day, or a confirmation from another day, is not today's.
    expect(isConfirmedToday("2027-01-16", nights, "2027-01-17")).toBe(false);
    expect(isConfirmedToday("2027-01-15", nights, "2027-01-16")).toBe(false);
    expect(isConfirmedToday(null, nights, "2027-01-16")).toBe(false);
    // Cancelled after the "Ja", or no night that day at all.
    expect(isConfirmedToday("2027-01-16", [{ date: "2027-01-16", cancelled: true }], "2027-01-16")).toBe(
      false,
    );
    expect(isConfirmedToday("2027-01-18", nights, "2027-01-18")).toBe(false);
  });

  it("marks tonight's label, on the card as on a weekday page, and nothing on another day", () => {
    const confirmed = twoNights(SATURDAY_NOON, [], { tonightConfirmedOn: "2027-01-16" });
    expect(confirmed.soon).toEqual({ text: "Ikväll 21:15", tone: "tonight", confirmed: true });
    const dates = todayAndTomorrow(SATURDAY_NOON);
    expect(soonLabelsByDay(confirmed.nights, dates, "2027-01-16").today?.confirmed).toBe(true);
    // Running: still confirmed. The next morning (Sunday), yesterday's "Ja" says nothing.
    expect(twoNights(SATURDAY_21_45, [], { tonightConfirmedOn: "2027-01-16" }).soon).toEqual({
      text: "Pågår sedan 21:15",
      tone: "running",
      confirmed: true,
    });
    const sunday = new Date("2027-01-17T09:00:00.000Z");
    expect(twoNights(sunday, [], { tonightConfirmedOn: "2027-01-16" }).soon?.confirmed).toBeUndefined();
    // A Friday "Ja" is not Saturday's, and tomorrow's label is never marked.
    expect(twoNights(FRIDAY_NOON, [], { tonightConfirmedOn: "2027-01-15" }).soon).toEqual({
      text: "Imorgon 21:15",
      tone: "tomorrow",
    });
  });

  it("says 'Inställt ikväll', never 'Bekräftad idag', when the night was cancelled after the 'Ja'", () => {
    const cancelled = twoNights(
      SATURDAY_NOON,
      [{ date: "2027-01-16", kind: "cancelled", time: null, note: null }],
      {
        tonightConfirmedOn: "2027-01-16",
      },
    );
    expect(cancelled.soon).toEqual({ text: "Inställt ikväll", tone: "cancelled" });
  });
});
