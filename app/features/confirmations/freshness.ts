import { formatLongDate } from "~/lib/time";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing's hosts are asked "Stämmer ert quiz fortfarande?" when nobody has confirmed it for this long. */
export const ASK_HOSTS_AFTER_DAYS = 60;
/** Visitors see "Ej bekräftad sedan {datum}" when nobody has confirmed the listing for this long. */
export const UNCONFIRMED_NOTICE_AFTER_DAYS = 120;
/** How long the links in the freshness mail work. */
export const FRESHNESS_LINK_TTL_DAYS = 30;

/** "Det blev inget" per client address per hour, and per event and night from all addresses together. */
export const NOT_HELD_ADDRESS_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };
export const NOT_HELD_EVENT_LIMIT = { limit: 20, windowMs: 24 * 60 * 60 * 1000 };
export const NOT_HELD_LIMIT_MESSAGE = "För många rapporter. Försök igen om en stund.";

/** The confirmation a freshness cycle counts from: the last one, or the listing's creation if never. */
export function freshnessCycle(event: { lastConfirmedAt: Date | null; createdAt: Date }): Date {
  return event.lastConfirmedAt ?? event.createdAt;
}

/** Whole days from `since` to `now`. */
function daysSince(since: Date, now: Date): number {
  return Math.floor((now.getTime() - since.getTime()) / DAY_MS);
}

/** The instant on or before which a cycle is due at `now`: it started ASK_HOSTS_AFTER_DAYS or more ago. */
export function freshnessCheckCutoff(now: Date): Date {
  return new Date(now.getTime() - ASK_HOSTS_AFTER_DAYS * DAY_MS);
}

/** Whether visitors are told the listing is unconfirmed: nobody confirmed it for UNCONFIRMED_NOTICE_AFTER_DAYS. */
export function isLongUnconfirmed(cycle: Date, now: Date): boolean {
  return daysSince(cycle, now) >= UNCONFIRMED_NOTICE_AFTER_DAYS;
}

/** "Ej bekräftad sedan 23 november 2026" (Stockholm's date). */
export function unconfirmedSinceLabel(at: string | Date): string {
  return `Ej bekräftad sedan ${formatLongDate(at)}`;
}
