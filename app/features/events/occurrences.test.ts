import fc from "fast-check";
import { assert, describe, expect, it } from "vitest";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import {
  addDays,
  dateWindowEnd,
  firstDateOfSlot,
  isRunning,
  type MonthWeek,
  nextOccurrences,
  nextUpcoming,
  occurrencesBetween,
  type RecurrenceRule,
  type RuleException,
} from "./occurrences";

const tuesday19 = { weekday: "Tisdag" as Weekday, time: "19:00" };
const weekly = (anchor = "2026-01-06"): RecurrenceRule => ({
  frequency: "weekly",
  anchor,
  monthWeek: null,
  slots: [tuesday19],
});
const stockholmClock = (d: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Stockholm",
    dateStyle: "short",
    timeStyle: "short",
  }).format(d);

describe("next occurrences", () => {
  it("tonight is next while it is still ahead (Tuesday 18:00, 19:00 quiz)", () => {
    const now = new Date("2026-12-01T17:00:00Z"); // 18:00 in Stockholm
    expect(nextUpcoming(weekly(), [], now)?.date).toBe("2026-12-01");
  });

  it("once started it is running, and next is a week later", () => {
    const now = new Date("2026-12-01T18:30:00Z"); // 19:30
    const [current] = nextOccurrences(weekly(), [], now, 1);
    assert(current);
    expect(current.date).toBe("2026-12-01");
    expect(isRunning(current, now)).toBe(true);
    expect(nextUpcoming(weekly(), [], now)?.date).toBe("2026-12-08");
    expect(isRunning(current, new Date("2026-12-01T20:00:00Z"))).toBe(false);
  });

  it("a cancelled night is listed as cancelled and skipped by 'Nästa'", () => {
    const cancelled: RuleException[] = [
      { date: "2026-12-01", kind: "cancelled", time: null, note: "Julfest" },
    ];
    const now = new Date("2026-12-01T17:00:00Z");
    const [first] = nextOccurrences(weekly(), cancelled, now, 1);
    expect(first).toMatchObject({ date: "2026-12-01", cancelled: true, note: "Julfest" });
    expect(nextUpcoming(weekly(), cancelled, now)?.date).toBe("2026-12-08");
  });

  it("an extra night is added at its own time", () => {
    const extra: RuleException[] = [{ date: "2026-12-03", kind: "extra", time: "18:30", note: null }];
    const dates = nextOccurrences(weekly(), extra, new Date("2026-12-01T20:00:00Z"), 2);
    expect(dates.map((o) => [o.date, o.time, o.isExtra])).toEqual([
      ["2026-12-03", "18:30", true],
      ["2026-12-08", "19:00", false],
    ]);
  });

  it("every second week follows its anchor, whatever day it is asked", () => {
    const rule: RecurrenceRule = { ...weekly("2026-12-01"), frequency: "biweekly" };
    const from = (iso: string) => nextOccurrences(rule, [], new Date(iso), 3).map((o) => o.date);
    expect(from("2026-12-01T12:00:00Z")).toEqual(["2026-12-01", "2026-12-15", "2026-12-29"]);
    expect(from("2026-12-09T12:00:00Z")).toEqual(["2026-12-15", "2026-12-29", "2027-01-12"]);
  });

  it("monthly on the last and the fourth Tuesday", () => {
    const last: RecurrenceRule = { ...weekly("2026-09-01"), frequency: "monthly", monthWeek: -1 };
    const dates = nextOccurrences(last, [], new Date("2026-09-01T00:00:00Z"), 4).map((o) => o.date);
    expect(dates).toEqual(["2026-09-29", "2026-10-27", "2026-11-24", "2026-12-29"]);
    const fourth: RecurrenceRule = { ...last, monthWeek: 4 };
    const fourths = nextOccurrences(fourth, [], new Date("2026-09-01T00:00:00Z"), 4).map((o) => o.date);
    expect(fourths).toEqual(["2026-09-22", "2026-10-27", "2026-11-24", "2026-12-22"]);
  });

  it("keeps 19:00 across both daylight-saving changes", () => {
    const sunday: RecurrenceRule = { ...weekly("2026-03-01"), slots: [{ weekday: "Söndag", time: "19:00" }] };
    const spring = occurrencesBetween(sunday, [], "2026-03-22", "2026-04-05");
    const autumn = occurrencesBetween(sunday, [], "2026-10-18", "2026-11-01");
    for (const o of [...spring, ...autumn]) expect(stockholmClock(o.start)).toMatch(/ 19:00$/);
    expect(spring.map((o) => o.start.toISOString())).toEqual([
      "2026-03-22T18:00:00.000Z",
      "2026-03-29T17:00:00.000Z",
      "2026-04-05T17:00:00.000Z",
    ]);
    expect(autumn.map((o) => o.start.toISOString())[2]).toBe("2026-11-01T18:00:00.000Z");
  });

  it("the first date of a slot is on or after the rule's start week", () => {
    expect(firstDateOfSlot(weekly("2026-12-03"), tuesday19)).toBe("2026-12-01");
    const monthly: RecurrenceRule = { ...weekly("2026-12-20"), frequency: "monthly", monthWeek: 1 };
    expect(firstDateOfSlot(monthly, tuesday19)).toBe("2026-12-01");
  });
});

// ---------------------------------------------------------------- against an independent expansion

/** A naive expansion with Date objects: walk every day and test the rule as a person would state it. */
function naiveDates(rule: RecurrenceRule, from: string, to: string): string[] {
  const anchor = new Date(`${rule.anchor}T12:00:00Z`);
  // The Monday on or before the anchor.
  const monday = new Date(anchor);
  monday.setUTCDate(monday.getUTCDate() - ((anchor.getUTCDay() + 6) % 7));
  const first = rule.frequency === "monthly" ? new Date(`${rule.anchor.slice(0, 8)}01T12:00:00Z`) : monday;
  const out: string[] = [];
  for (
    let d = new Date(`${from}T12:00:00Z`);
    d <= new Date(`${to}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    if (d < first) continue;
    const name = WEEKDAYS[(d.getUTCDay() + 6) % 7];
    const hits = rule.slots.filter((s) => s.weekday === name);
    if (!hits.length) continue;
    let on = true;
    if (rule.frequency === "biweekly") {
      const weeks = Math.floor((d.getTime() - monday.getTime()) / (7 * 86_400_000));
      on = weeks % 2 === 0;
    } else if (rule.frequency === "monthly") {
      const sameWeekdayDays: number[] = [];
      const probe = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, 12));
      while (probe.getUTCMonth() === d.getUTCMonth()) {
        if (probe.getUTCDay() === d.getUTCDay()) sameWeekdayDays.push(probe.getUTCDate());
        probe.setUTCDate(probe.getUTCDate() + 1);
      }
      const index = sameWeekdayDays.indexOf(d.getUTCDate());
      on = rule.monthWeek === -1 ? index === sameWeekdayDays.length - 1 : index === (rule.monthWeek ?? 0) - 1;
    }
    if (on)
      for (const s of new Set(hits.map((h) => h.time))) out.push(`${d.toISOString().slice(0, 10)} ${s}`);
  }
  return out.sort();
}

const dateArb = fc
  .date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const ruleArb: fc.Arbitrary<RecurrenceRule> = fc.record({
  frequency: fc.constantFrom("weekly", "biweekly", "monthly"),
  anchor: dateArb,
  monthWeek: fc.constantFrom<MonthWeek>(1, 2, 3, 4, -1),
  slots: fc.uniqueArray(fc.record({ weekday: fc.constantFrom(...WEEKDAYS), time: timeArb }), {
    minLength: 1,
    maxLength: 3,
    selector: (s) => s.weekday,
  }),
});

describe("rule expansion (property)", () => {
  it("matches a naive day-by-day expansion, at the slot's wall-clock time", () => {
    fc.assert(
      fc.property(ruleArb, dateArb, fc.integer({ min: 0, max: 120 }), (rule, from, span) => {
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + span * 86_400_000).toISOString().slice(0, 10);
        const got = occurrencesBetween(rule, [], from, to);
        expect(got.map((o) => `${o.date} ${o.time}`).sort()).toEqual(naiveDates(rule, from, to));
        for (const o of got) {
          const [h, m] = o.time.split(":").map(Number);
          // Times that do not exist (02:xx on the spring change) move forward by the hour that is skipped.
          if (!(h === 2 && stockholmClock(o.start).endsWith(`03:${String(m).padStart(2, "0")}`)))
            expect(stockholmClock(o.start)).toBe(`${o.date} ${o.time}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("next occurrences are the expansion's nights that have not ended, in order, and never skip one", () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.date({ min: new Date("2025-01-01"), max: new Date("2029-12-31"), noInvalidDate: true }),
        (rule, now) => {
          const next = nextOccurrences(rule, [], now, 3);
          expect(next).toHaveLength(3);
          for (let i = 1; i < next.length; i++)
            expect(next[i]!.start.getTime()).toBeGreaterThanOrEqual(next[i - 1]!.start.getTime());
          const from = new Date(now.getTime() - 86_400_000 * 2).toISOString().slice(0, 10);
          const all = occurrencesBetween(rule, [], from, next[2]!.date).filter(
            (o) => o.start.getTime() + 2 * 3_600_000 > now.getTime(),
          );
          expect(next.map((o) => o.start.getTime())).toEqual(all.slice(0, 3).map((o) => o.start.getTime()));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a cancellation removes exactly that date from what 'Nästa' can show", () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.date({ min: new Date("2025-01-01"), max: new Date("2029-12-31"), noInvalidDate: true }),
        (rule, now) => {
          const plain = nextUpcoming(rule, [], now);
          if (!plain) return;
          const cancelled: RuleException[] = [
            { date: plain.date, kind: "cancelled", time: null, note: null },
          ];
          const after = nextUpcoming(rule, cancelled, now);
          expect(after?.date).not.toBe(plain.date);
          expect(after && after.start.getTime() > plain.start.getTime()).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("breaks ('Uppehåll')", () => {
  const summer: RuleException = {
    date: "2027-06-14",
    kind: "break",
    time: null,
    note: "Sommaruppehåll",
    endDate: "2027-08-15",
  };

  it("leave no night at all from the first date to the last, extra and cancelled ones included", () => {
    const exceptions: RuleException[] = [
      summer,
      { date: "2027-07-01", kind: "extra", time: "18:00", note: null },
      { date: "2027-07-06", kind: "cancelled", time: null, note: "x" },
    ];
    const nights = occurrencesBetween(weekly(), exceptions, "2027-06-01", "2027-08-31");
    expect(nights.map((n) => n.date)).toEqual([
      "2027-06-01",
      "2027-06-08",
      "2027-08-17",
      "2027-08-24",
      "2027-08-31",
    ]);
    expect(nights.every((n) => !n.cancelled)).toBe(true);
  });

  it("make the next night the first one after the break, also when the break is longer than a quarter", () => {
    const now = new Date("2027-06-10T12:00:00Z");
    expect(nextUpcoming(weekly(), [summer], now)?.date).toBe("2027-08-17");
    const long: RuleException = { ...summer, date: "2027-06-12", endDate: "2028-06-12" };
    expect(nextUpcoming(weekly(), [long], now)?.date).toBe("2028-06-13");
    expect(nextOccurrences(weekly(), [long], now, 4).map((n) => n.date)).toEqual([
      "2028-06-13",
      "2028-06-20",
      "2028-06-27",
      "2028-07-04",
    ]);
  });

  it("hold for every frequency: no rule night ever falls in a break", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("weekly", "biweekly", "monthly") as fc.Arbitrary<RecurrenceRule["frequency"]>,
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 366 }),
        (frequency, offset, length) => {
          const from = addDays("2026-01-01", offset);
          const to = addDays(from, length);
          const rule: RecurrenceRule = {
            ...weekly(),
            frequency,
            monthWeek: frequency === "monthly" ? -1 : null,
          };
          const exceptions: RuleException[] = [
            { date: from, kind: "break", time: null, note: null, endDate: to },
          ];
          const inside = occurrencesBetween(rule, exceptions, addDays(from, -40), addDays(to, 40));
          return inside.every((n) => n.date < from || n.date > to);
        },
      ),
    );
  });
});

describe("the window of a year", () => {
  it("ends on the same day a year later, or the month's last day", () => {
    expect(dateWindowEnd("2026-11-27")).toBe("2027-11-27");
    expect(dateWindowEnd("2028-02-29")).toBe("2029-02-28");
    expect(dateWindowEnd("2026-12-31")).toBe("2027-12-31");
  });
});
