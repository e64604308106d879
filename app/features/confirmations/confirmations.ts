import {
  addDays,
  type Occurrence,
  occurrencesBetween,
  type RecurrenceRule,
  type RuleException,
} from "~/features/events/public";
import { formatLongDate, formatWeekdayDate, stockholmDate } from "~/lib/time";

/** Visitors' confirmations per client address per hour (a pub's wifi is many visitors; decision 015). */
export const CONFIRM_ADDRESS_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };
export const CONFIRM_ADDRESS_LIMIT_MESSAGE =
  "För många bekräftelser från din adress. Försök igen om en stund.";

/**
 * The night a visitor who was there may confirm at `now`: one that was not cancelled, has started, and
 * whose Stockholm date is today or yesterday (from its start until the end of the next day). The latest
 * such night, or null.
 */
export function confirmableOccurrence(
  rule: RecurrenceRule,
  exceptions: readonly RuleException[],
  now: Date,
): Occurrence | null {
  const today = stockholmDate(now);
  const nights = occurrencesBetween(rule, exceptions, addDays(today, -1), today).filter(
    (o) => !o.cancelled && o.start.getTime() <= now.getTime(),
  );
  return nights.at(-1) ?? null;
}

/** The night the day-after buttons are about: "Ikväll, tisdag 24 november 19:00" or "Igår, …". */
export function confirmableNightLabel(night: Pick<Occurrence, "date" | "time" | "start">, now: Date): string {
  const day = night.date === stockholmDate(now) ? "Ikväll" : "Igår";
  return `${day}, ${formatWeekdayDate(night.start)} ${night.time}`;
}

/** "Senast bekräftad 23 november 2026" (Stockholm's date). */
export function lastConfirmedLabel(at: string | Date): string {
  return `Senast bekräftad ${formatLongDate(at)}`;
}

/** "1 öppen rapport", "3 öppna rapporter". */
export function openReportsLabel(count: number): string {
  return count === 1 ? "1 öppen rapport" : `${count} öppna rapporter`;
}
