export const TIME_ZONE = "Europe/Stockholm";

import { WEEKDAYS, type Weekday } from "./weekdays";

// Kept apart so a page that needs only the names loads none of this module.
export { isWeekday, pluralWeekday, WEEKDAY_SLUGS, WEEKDAYS, type Weekday, weekdayBySlug } from "./weekdays";

// Built on first use: a module importing only the re-exports evaluates nothing.
let partsFormatter: Intl.DateTimeFormat | undefined;
const newPartsFormatter = () =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });

type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const HOUR_MS = 3_600_000;
// The offset changes only on whole UTC hours; cached per hour because formatToParts is slow.
const offsetByUtcHour = /* @__PURE__ */ new Map<number, number>();
const OFFSET_CACHE_LIMIT = 100_000;

function offsetMs(date: Date): number {
  const hour = Math.floor(date.getTime() / HOUR_MS);
  const cached = offsetByUtcHour.get(hour);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  partsFormatter ??= newPartsFormatter();
  const parts = Object.fromEntries(partsFormatter.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const offset =
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ) - at;
  if (offsetByUtcHour.size >= OFFSET_CACHE_LIMIT) offsetByUtcHour.clear();
  offsetByUtcHour.set(hour, offset);
  return offset;
}

/** `weekdayIndex` 0 = Måndag. */
export function stockholmParts(date: Date): ZonedParts & { weekdayIndex: number } {
  const wall = new Date(date.getTime() + offsetMs(date));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekdayIndex: (wall.getUTCDay() + 6) % 7,
  };
}

export function weekdayOf(date: Date): Weekday {
  return WEEKDAYS[stockholmParts(date).weekdayIndex]!;
}

export function stockholmDate(instant: Date): string {
  const p = stockholmParts(instant);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export function timeOf(date: Date): string {
  const { hour, minute } = stockholmParts(date);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

export function fromStockholm(year: number, month: number, day: number, hour: number, minute: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let instant = guess - offsetMs(new Date(guess));
  // Across a DST change the offset at the result can differ from the offset at the guess.
  instant = guess - offsetMs(new Date(instant));
  return new Date(instant);
}

export function parseStockholmDateTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59) return null;
  return fromStockholm(year, month, day, hour, minute);
}

export function toStockholmDateTimeInput(instant: Date): string {
  return `${stockholmDate(instant)}T${timeOf(instant)}`;
}

export function parseTime(time: string): { hour: number; minute: number } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
}

/** At least one day ahead: when the weekday is today, a week ahead. */
export function nextOccurrence(weekday: Weekday, time: string, now: Date = new Date()): Date {
  const today = stockholmParts(now);
  const target = WEEKDAYS.indexOf(weekday);
  let daysAhead = (target - today.weekdayIndex + 7) % 7;
  if (daysAhead === 0) daysAhead = 7;
  const { hour, minute } = parseTime(time) ?? { hour: 19, minute: 0 };
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + daysAhead));
  return fromStockholm(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute);
}

const NEW_EVENT_DAYS = 14;

export function isNewEvent(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() <= NEW_EVENT_DAYS * 24 * 60 * 60 * 1000;
}

// Each formatter is built on first use: constructing one costs far more than formatting.
/* #__NO_SIDE_EFFECTS__ */
function stockholmFormatter(options: Intl.DateTimeFormatOptions): (date: Date | string) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => {
    formatter ??= new Intl.DateTimeFormat("sv-SE", { timeZone: TIME_ZONE, ...options });
    return formatter.format(typeof date === "string" ? new Date(date) : date);
  };
}

export const formatDate = stockholmFormatter({ day: "numeric", month: "short", year: "numeric" });

export const formatLongDate = stockholmFormatter({ day: "numeric", month: "long", year: "numeric" });

export const formatDayMonth = stockholmFormatter({ day: "numeric", month: "short" });

export const formatWeekdayDate = stockholmFormatter({ weekday: "long", day: "numeric", month: "long" });

export const formatShortWeekdayDate = stockholmFormatter({
  weekday: "short",
  day: "numeric",
  month: "short",
});

export const formatShortWeekdayDateTime = stockholmFormatter({
  weekday: "short",
  day: "numeric",
  month: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export const formatDateTime = stockholmFormatter({ dateStyle: "medium", timeStyle: "short" });

export const formatNumericDateTime = stockholmFormatter({ dateStyle: "short", timeStyle: "short" });

export const formatNumericDateTimeWithSeconds = stockholmFormatter({
  dateStyle: "short",
  timeStyle: "medium",
});

// ISO 8601 weeks start on Monday; week 1 holds the year's first Thursday.

export type IsoWeek = { weekYear: number; week: number };

const DAY_MS = 86_400_000;

export function isoWeekOfDate(year: number, month: number, day: number): IsoWeek {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / DAY_MS + 1) / 7);
  return { weekYear, week };
}

export function stockholmIsoWeek(instant: Date): IsoWeek {
  const { year, month, day } = stockholmParts(instant);
  return isoWeekOfDate(year, month, day);
}

/** 52 or 53: the week of 28 December is always the year's last. */
function isoWeeksInYear(weekYear: number): number {
  return isoWeekOfDate(weekYear, 12, 28).week;
}

type CalendarDate = { year: number; month: number; day: number };

function calendarDate(utc: Date): CalendarDate {
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

function isoWeekMonday({ weekYear, week }: IsoWeek): CalendarDate {
  const jan4 = new Date(Date.UTC(weekYear, 0, 4));
  const mondayOfWeek1 = Date.UTC(weekYear, 0, 4 - ((jan4.getUTCDay() || 7) - 1));
  return calendarDate(new Date(mondayOfWeek1 + (week - 1) * 7 * DAY_MS));
}

export function shiftIsoWeek(week: IsoWeek, weeks: number): IsoWeek {
  const monday = isoWeekMonday(week);
  const shifted = calendarDate(new Date(Date.UTC(monday.year, monday.month - 1, monday.day + weeks * 7)));
  return isoWeekOfDate(shifted.year, shifted.month, shifted.day);
}

export function compareIsoWeeks(a: IsoWeek, b: IsoWeek): number {
  return a.weekYear - b.weekYear || a.week - b.week;
}

export function formatIsoWeek({ weekYear, week }: IsoWeek): string {
  return `${weekYear}-W${String(week).padStart(2, "0")}`;
}

export function parseIsoWeek(value: string): IsoWeek | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const weekYear = Number(match[1]);
  const week = Number(match[2]);
  if (week < 1 || week > isoWeeksInYear(weekYear)) return null;
  return { weekYear, week };
}

let weekRangeFormatter: Intl.DateTimeFormat | undefined;

export function formatIsoWeekRange(week: IsoWeek): string {
  const monday = isoWeekMonday(week);
  const start = new Date(Date.UTC(monday.year, monday.month - 1, monday.day, 12));
  const end = new Date(start.getTime() + 6 * DAY_MS);
  weekRangeFormatter ??= new Intl.DateTimeFormat("sv-SE", {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  return weekRangeFormatter.formatRange(start, end);
}
