import { describe, expect, it } from "vitest";
import type { RecurrenceRule, RuleException } from "~/features/events/public";
import { checkDateChanges, type DateChanges, readDatesForm } from "./event-exception-rules";

/** The Swedish errors of the dates editor, as the admin reads them. */
const DATE_ERRORS = {
  past: "Datumet har redan varit",
  beyondWindow: "Välj ett datum inom ett år",
  notANight: "Quizet går inte det datumet",
  alreadyANight: "Quizet går redan det datumet",
  inBreak: "Datumet ligger i ett uppehåll",
  breakEndsBeforeStart: "Uppehållet kan inte sluta före det börjar",
  breakTooLong: "Ett uppehåll kan vara högst ett år",
  breakOver: "Uppehållet har redan varit",
  breaksOverlap: "Uppehållet överlappar ett annat uppehåll",
  missing: "Datumet finns inte",
};

// Friday 27 November 2026; the quiz is on Tuesdays at 19:00.
const TODAY = "2026-11-27";
const rule: RecurrenceRule = {
  frequency: "weekly",
  anchor: "2026-01-06",
  monthWeek: null,
  slots: [{ weekday: "Tisdag", time: "19:00" }],
};
const none: DateChanges = { cancel: [], extra: [], breaks: [], remove: [] };
const check = (changes: Partial<DateChanges>, exceptions: RuleException[] = []) =>
  checkDateChanges(rule, exceptions, { ...none, ...changes }, TODAY);

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("the dates editor's post", () => {
  it("reads repeated entries in order and skips the blank ones", () => {
    const read = readDatesForm(
      form([
        ["cancelDate", "2026-12-01"],
        ["cancelNote", " Julfest "],
        ["cancelDate", ""],
        ["cancelNote", ""],
        ["extraDate", "2026-12-03"],
        ["extraTime", "18:30"],
        ["breakFrom", "2027-01-01"],
        ["breakTo", "2027-01-31"],
        ["breakNote", ""],
        ["remove", "cancelled:2026-12-08"],
      ]),
    );
    expect(read).toEqual({
      ok: true,
      changes: {
        cancel: [{ date: "2026-12-01", note: "Julfest" }],
        extra: [{ date: "2026-12-03", time: "18:30" }],
        breaks: [{ from: "2027-01-01", to: "2027-01-31", note: null }],
        remove: [{ kind: "cancelled", date: "2026-12-08" }],
      },
    });
  });

  it("refuses control characters in a note, bad dates and times, and unknown removals", () => {
    const read = readDatesForm(
      form([
        ["cancelDate", "2026-12-01"],
        ["cancelNote", "Stängt\u0007"],
        ["extraDate", "2026-02-30"],
        ["extraTime", "25:00"],
        ["breakFrom", "2027-01-01"],
        ["breakTo", "2027-01-31"],
        ["breakNote", "rad\nrad"],
        ["remove", "everything:2026-12-01"],
      ]),
    );
    expect(read).toEqual({
      ok: false,
      fieldErrors: {
        cancelNote: "Texten innehåller otillåtna tecken.",
        extraDate: "Ange ett datum som ÅÅÅÅ-MM-DD",
        extraTime: "Ange en tid som HH:MM",
        breakNote: "Texten innehåller otillåtna tecken.",
        remove: "Ogiltig ändring",
      },
    });
  });
});

describe("checking the changes against the event", () => {
  it("accepts a night five months ahead, an extra night and a summer break", () => {
    expect(
      check({
        cancel: [{ date: "2027-04-27", note: "Påsk" }],
        extra: [{ date: "2026-12-03", time: "19:00" }],
        breaks: [{ from: "2027-05-01", to: "2027-08-15", note: "Sommar" }],
      }),
    ).toBeNull();
  });

  it("refuses a past date, one beyond a year and a date the quiz does not run", () => {
    expect(check({ cancel: [{ date: "2026-11-24", note: null }] })).toEqual({ cancelDate: DATE_ERRORS.past });
    expect(check({ cancel: [{ date: "2027-11-30", note: null }] })).toEqual({
      cancelDate: DATE_ERRORS.beyondWindow,
    });
    expect(check({ cancel: [{ date: "2026-12-02", note: null }] })).toEqual({
      cancelDate: DATE_ERRORS.notANight,
    });
    expect(check({ extra: [{ date: "2027-11-28", time: "19:00" }] })).toEqual({
      extraDate: DATE_ERRORS.beyondWindow,
    });
    expect(check({ extra: [{ date: "2026-12-01", time: "19:00" }] })).toEqual({
      extraDate: DATE_ERRORS.alreadyANight,
    });
    // One night a date: another time on a night's date, or the same date twice, is refused too.
    expect(check({ extra: [{ date: "2026-12-08", time: "20:30" }] })).toEqual({
      extraDate: DATE_ERRORS.alreadyANight,
    });
    const twice = [
      { date: "2026-12-03", time: "19:00" },
      { date: "2026-12-03", time: "21:00" },
    ];
    expect(check({ extra: twice })).toEqual({ extraDate: DATE_ERRORS.alreadyANight });
  });

  it("refuses a break that ends before it begins, is over, is longer than a year or overlaps another", () => {
    const summer: RuleException = {
      date: "2027-05-10",
      kind: "break",
      time: null,
      note: null,
      endDate: "2027-08-01",
    };
    expect(check({ breaks: [{ from: "2027-02-01", to: "2027-01-01", note: null }] })).toEqual({
      breakTo: DATE_ERRORS.breakEndsBeforeStart,
    });
    expect(check({ breaks: [{ from: "2026-10-01", to: "2026-11-01", note: null }] })).toEqual({
      breakTo: DATE_ERRORS.breakOver,
    });
    expect(check({ breaks: [{ from: "2027-01-01", to: "2028-01-03", note: null }] })).toEqual({
      breakTo: DATE_ERRORS.breakTooLong,
    });
    expect(check({ breaks: [{ from: "2027-05-20", to: "2027-09-01", note: null }] }, [summer])).toEqual({
      breakFrom: DATE_ERRORS.breaksOverlap,
    });
    // Two new ones overlapping each other, and the same one posted twice.
    const twice = { from: "2027-01-10", to: "2027-01-20", note: null };
    expect(check({ breaks: [twice, twice] })).toEqual({ breakFrom: DATE_ERRORS.breaksOverlap });
    // Taking the old break back in the same post frees its dates.
    expect(
      check(
        {
          breaks: [{ from: "2027-05-20", to: "2027-09-01", note: null }],
          remove: [{ kind: "break", date: "2027-05-10" }],
        },
        [summer],
      ),
    ).toBeNull();
  });

  it("no night in a break can be cancelled or added", () => {
    const winter: RuleException = {
      date: "2026-12-20",
      kind: "break",
      time: null,
      note: null,
      endDate: "2027-01-10",
    };
    expect(check({ cancel: [{ date: "2026-12-22", note: null }] }, [winter])).toEqual({
      cancelDate: DATE_ERRORS.notANight,
    });
    expect(check({ extra: [{ date: "2026-12-31", time: "20:00" }] }, [winter])).toEqual({
      extraDate: DATE_ERRORS.inBreak,
    });
    expect(check({ remove: [{ kind: "cancelled", date: "2026-12-01" }] })).toEqual({
      remove: DATE_ERRORS.missing,
    });
  });
});
