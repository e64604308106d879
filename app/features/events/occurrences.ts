import { fromStockholm, parseTime, stockholmDate, WEEKDAYS, type Weekday } from "~/lib/time";

/** The date model (decision 011): a quiz night is a rule with a start, plus exceptions. */
type Frequency = "weekly" | "biweekly" | "monthly";
/** 1–4: the first to fourth weekday of the month; -1: the last. */
export type MonthWeek = 1 | 2 | 3 | 4 | -1;
export const MONTH_WEEKS: readonly MonthWeek[] = [1, 2, 3, 4, -1];

export type Slot = { weekday: Weekday; time: string };

export type RecurrenceRule = {
  frequency: Frequency;
  anchor: string;
  /** Monthly only. */
  monthWeek: MonthWeek | null;
  slots: Slot[];
};

type ExceptionKind = "cancelled" | "extra" | "break";
/** A cancelled night, an extra one, or a break ('Uppehåll') from `date` to `endDate` inclusive. */
export type RuleException = {
  date: string;
  kind: ExceptionKind;
  time: string | null;
  note: string | null;
  /** A break's last date; null (or absent) for the other kinds. */
  endDate?: string | null;
};

/** How far ahead a night can be cancelled, added or a break begin: a year, so a summer break fits in November. */
const DATE_WINDOW_MONTHS = 12;

/** The same day `months` months later, or the month's last day when it has none (31 Aug → 28/29 Feb). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = civilParts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function dateWindowEnd(today: string): string {
  return addMonths(today, DATE_WINDOW_MONTHS);
}

/** The breaks among the exceptions, as inclusive date ranges. */
export function breaksOf(
  exceptions: readonly RuleException[],
): { from: string; to: string; note: string | null }[] {
  return exceptions
    .filter((e) => e.kind === "break" && e.endDate)
    .map((e) => ({ from: e.date, to: e.endDate as string, note: e.note }));
}

export function isInBreak(exceptions: readonly RuleException[], date: string): boolean {
  return exceptions.some((e) => e.kind === "break" && e.endDate && e.date <= date && date <= e.endDate);
}

export type Occurrence = {
  date: string;
  time: string;
  start: Date;
  weekday: Weekday;
  cancelled: boolean;
  note: string | null;
  isExtra: boolean;
};

/** How long a quiz night is taken to last: it is "pågår" from its start until this much later. */
const RUNNING_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Year, month (1–12) and day of a civil date written YYYY-MM-DD. */
function civilParts(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Days since 1970-01-01 of a civil date. */
function dayNumber(date: string): number {
  const [y, m, d] = civilParts(date);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Måndag … 6 = Söndag. */
function weekdayIndexOfDay(day: number): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((day + 3) % 7) + 7) % 7;
}

export function weekdayOfDate(date: string): Weekday {
  return WEEKDAYS[weekdayIndexOfDay(dayNumber(date))]!;
}

export function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return dateOfDay(dayNumber(value)) === value;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The weekday-of-month a date is: 1–4, or -1 when it is the last (a fifth is always the last). */
function monthWeekOf(date: string): { nth: number; isLast: boolean } {
  const [y, m, d] = civilParts(date);
  return { nth: Math.ceil(d / 7), isLast: d + 7 > daysInMonth(y, m) };
}

/** The first day of the rule: the Monday of the anchor's week, or the 1st of the anchor's month. */
function ruleStartDay(rule: Pick<RecurrenceRule, "frequency" | "anchor">): number {
  const anchor = dayNumber(rule.anchor);
  if (rule.frequency === "monthly") return dayNumber(`${rule.anchor.slice(0, 8)}01`);
  return anchor - weekdayIndexOfDay(anchor);
}

function ruleMatchesDay(rule: RecurrenceRule, day: number): boolean {
  const start = ruleStartDay(rule);
  if (day < start) return false;
  if (rule.frequency === "biweekly") return Math.floor((day - start) / 7) % 2 === 0;
  if (rule.frequency === "monthly") {
    const { nth, isLast } = monthWeekOf(dateOfDay(day));
    return rule.monthWeek === -1 ? isLast : nth === rule.monthWeek;
  }
  return true;
}

function slotTime(time: string) {
  return parseTime(time) ?? { hour: 19, minute: 0 };
}

function instantOf(date: string, time: string): Date {
  const [y, m, d] = civilParts(date);
  const { hour, minute } = slotTime(time);
  return fromStockholm(y, m, d, hour, minute);
}

/** The first date each slot's rule produces (iCalendar's DTSTART): on or after the rule's start. */
export function firstDateOfSlot(rule: RecurrenceRule, slot: Slot): string {
  const target = WEEKDAYS.indexOf(slot.weekday);
  let day = ruleStartDay(rule);
  day += (target - weekdayIndexOfDay(day) + 7) % 7;
  while (!ruleMatchesDay(rule, day)) day += 7;
  return dateOfDay(day);
}

/** Nights from `fromDate` to `toDate` inclusive, cancelled ones marked, extras added; sorted by start. */
export function occurrencesBetween(
  rule: RecurrenceRule,
  exceptions: readonly RuleException[],
  fromDate: string,
  toDate: string,
): Occurrence[] {
  const cancelled = new Map(exceptions.filter((e) => e.kind === "cancelled").map((e) => [e.date, e]));
  const out: Occurrence[] = [];
  const from = dayNumber(fromDate);
  const to = dayNumber(toDate);
  const seen = new Set<string>();
  for (let day = from; day <= to; day++) {
    const weekday = WEEKDAYS[weekdayIndexOfDay(day)];
    for (const slot of rule.slots) {
      if (slot.weekday !== weekday || !ruleMatchesDay(rule, day)) continue;
      const date = dateOfDay(day);
      const key = `${date} ${slot.time}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const exception = cancelled.get(date);
      out.push({
        date,
        time: slot.time,
        start: instantOf(date, slot.time),
        weekday,
        cancelled: exception !== undefined,
        note: exception?.note ?? null,
        isExtra: false,
      });
    }
  }
  for (const extra of exceptions) {
    if (extra.kind !== "extra" || extra.time === null) continue;
    const day = dayNumber(extra.date);
    if (day < from || day > to || seen.has(`${extra.date} ${extra.time}`)) continue;
    seen.add(`${extra.date} ${extra.time}`);
    const exception = cancelled.get(extra.date);
    out.push({
      date: extra.date,
      time: extra.time,
      start: instantOf(extra.date, extra.time),
      weekday: weekdayOfDate(extra.date),
      cancelled: exception !== undefined,
      note: exception?.note ?? extra.note,
      isExtra: true,
    });
  }
  const kept = out.some((o) => isInBreak(exceptions, o.date))
    ? out.filter((o) => !isInBreak(exceptions, o.date))
    : out;
  return kept.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The next `count` nights not ended by `now`: a running night stays (see `isRunning`). */
export function nextOccurrences(
  rule: RecurrenceRule,
  exceptions: readonly RuleException[],
  now: Date,
  count: number,
): Occurrence[] {
  const today = stockholmDate(now);
  const out: Occurrence[] = [];
  // Windows of ~3 months; a monthly rule has a night in every window, so a few suffice.
  const start = dateOfDay(Math.max(dayNumber(addDays(today, -1)), ruleStartDay(rule)));
  for (let from = start, i = 0; out.length < count && i < 24; i++) {
    const to = addDays(from, 92);
    for (const o of occurrencesBetween(rule, exceptions, from, to))
      if (o.start.getTime() + RUNNING_MS > now.getTime() && out.length < count) out.push(o);
    from = addDays(to, 1);
  }
  return out;
}

export function isRunning(occurrence: Pick<Occurrence, "start">, now: Date): boolean {
  const t = now.getTime() - occurrence.start.getTime();
  return t >= 0 && t < RUNNING_MS;
}

export function nextUpcoming(
  rule: RecurrenceRule,
  exceptions: readonly RuleException[],
  now: Date,
): Occurrence | null {
  return (
    nextOccurrences(rule, exceptions, now, 12).find(
      (o) => !o.cancelled && o.start.getTime() > now.getTime(),
    ) ?? null
  );
}

export function occurrencesOn(
  rule: RecurrenceRule,
  exceptions: readonly RuleException[],
  date: string,
): Occurrence[] {
  return occurrencesBetween(rule, exceptions, date, date);
}

/** start_time's date moved back whole fortnights to `notAfter`: weekday and fortnight parity kept. */
export function defaultAnchor(startTime: Date, notAfter: Date): string {
  const start = dayNumber(stockholmDate(startTime));
  const limit = dayNumber(stockholmDate(notAfter));
  return dateOfDay(start - 14 * Math.ceil(Math.max(0, start - limit) / 14));
}

/** The weekday-of-month a date falls on, as a monthly rule: 1–4, or -1 for a fifth (the last). */
export function defaultMonthWeek(startTime: Date): MonthWeek {
  const nth = monthWeekOf(stockholmDate(startTime)).nth;
  return nth >= 5 ? -1 : (nth as MonthWeek);
}
