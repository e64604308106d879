/** Weekdays, clock times and "today", always in Europe/Stockholm (supplement). */
export const TIME_ZONE = "Europe/Stockholm";

export const WEEKDAYS = ["Måndag", "Tisdag", "Onsdag", "Torsdag", "Fredag", "Lördag", "Söndag"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_SLUGS: Record<Weekday, string> = {
  Måndag: "mandag",
  Tisdag: "tisdag",
  Onsdag: "onsdag",
  Torsdag: "torsdag",
  Fredag: "fredag",
  Lördag: "lordag",
  Söndag: "sondag",
};

export function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value);
}

export function weekdayBySlug(slug: string): Weekday | undefined {
  return WEEKDAYS.find((w) => WEEKDAY_SLUGS[w] === slug);
}

const partsFormatter = new Intl.DateTimeFormat("en-US", {
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
// Stockholm's offset from UTC changes only on a whole UTC hour (the daylight-saving switches at 01:00 UTC),
// so it is looked up once per UTC hour: formatToParts is slow, and the date model asks for thousands of
// instants per page.
const offsetByUtcHour = new Map<number, number>();
const OFFSET_CACHE_LIMIT = 100_000;

function offsetMs(date: Date): number {
  const hour = Math.floor(date.getTime() / HOUR_MS);
  const cached = offsetByUtcHour.get(hour);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
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

/** The wall-clock parts of an instant in Stockholm, with the weekday as an index (0 = Måndag). */
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

/** The Swedish weekday name (Måndag … Söndag) of an instant in Stockholm. */
export function weekdayOf(date: Date): Weekday {
  // weekdayIndex is 0–6 by construction.
  return WEEKDAYS[stockholmParts(date).weekdayIndex]!;
}

/** Stockholm's date of an instant, written YYYY-MM-DD. */
export function stockholmDate(instant: Date): string {
  const p = stockholmParts(instant);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** HH:MM of an instant in Stockholm, as sv-SE writes it. */
export function timeOf(date: Date): string {
  const { hour, minute } = stockholmParts(date);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** The instant at which Stockholm's clocks show the given wall-clock time (DST-aware). */
export function fromStockholm(year: number, month: number, day: number, hour: number, minute: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let instant = guess - offsetMs(new Date(guess));
  // Across a DST change the offset at the result can differ from the offset at the guess.
  instant = guess - offsetMs(new Date(instant));
  return new Date(instant);
}

export function parseTime(time: string): { hour: number; minute: number } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
}

/**
 * The next occurrence of a weekday at HH:MM in Stockholm, at least one day ahead: if the weekday is
 * today, it is 7 days ahead (spec §5).
 */
export function nextOccurrence(weekday: Weekday, time: string, now: Date = new Date()): Date {
  const today = stockholmParts(now);
  const target = WEEKDAYS.indexOf(weekday);
  let daysAhead = (target - today.weekdayIndex + 7) % 7;
  if (daysAhead === 0) daysAhead = 7;
  const { hour, minute } = parseTime(time) ?? { hour: 19, minute: 0 };
  // Calendar arithmetic on the Stockholm date, then back to an instant.
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + daysAhead));
  return fromStockholm(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute);
}

export const NEW_EVENT_DAYS = 14;

/** Created within the last 14 days. */
export function isNewEvent(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() <= NEW_EVENT_DAYS * 24 * 60 * 60 * 1000;
}

// Dates and times for display, in Swedish and Stockholm time. Each formatter is built once: constructing an
// Intl.DateTimeFormat costs far more than formatting with it. Strings are ISO instants.
function stockholmFormatter(options: Intl.DateTimeFormatOptions): (date: Date | string) => string {
  const formatter = new Intl.DateTimeFormat("sv-SE", { timeZone: TIME_ZONE, ...options });
  return (date) => formatter.format(typeof date === "string" ? new Date(date) : date);
}

/** "19 nov. 2026" */
export const formatDate = stockholmFormatter({ day: "numeric", month: "short", year: "numeric" });

/** "19 november 2026" */
export const formatLongDate = stockholmFormatter({ day: "numeric", month: "long", year: "numeric" });

/** "torsdag 19 november" */
export const formatWeekdayDate = stockholmFormatter({ weekday: "long", day: "numeric", month: "long" });

/** "tors 19 nov." */
export const formatShortWeekdayDate = stockholmFormatter({
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** "tors 19/11 18:05" */
export const formatShortWeekdayDateTime = stockholmFormatter({
  weekday: "short",
  day: "numeric",
  month: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "19 nov. 2026 18:05" */
export const formatDateTime = stockholmFormatter({ dateStyle: "medium", timeStyle: "short" });

/** "2026-11-19 18:05" */
export const formatNumericDateTime = stockholmFormatter({ dateStyle: "short", timeStyle: "short" });

/** "2026-11-19 18:05:09" */
export const formatNumericDateTimeWithSeconds = stockholmFormatter({
  dateStyle: "short",
  timeStyle: "medium",
});
