/** The skåla rules, shared by the button and the server. */

export const BEER_COOLDOWN_MS = 60 * 60 * 1000;
/** The activity report's roll-ups count clicks per UTC hour and per UTC day. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Accepted skålor per client address and event per hour. */
export const BEER_ADDRESS_LIMIT = { limit: 60, windowMs: HOUR_MS };
export const BEER_ADDRESS_LIMIT_MESSAGE = "För många skålningar från din adress. Försök igen om en stund.";
/** Skåla requests per client address a minute: far above one person's clicking, low enough to stop a script. */
export const BEER_REQUEST_LIMIT = { limit: 60, windowMs: 60_000 };
export const BEER_COOLDOWN_NOTICE_MS = 3000;
export const BEER_CLICK_ANIMATION_MS = 300;
/** Events per status look-up (the buttons batch theirs; the endpoint refuses more). */
export const MAX_STATUS_EVENTS = 100;

/** Whole minutes left of the cooldown, rounded up; 0 when the visitor may skåla again. */
export function remainingCooldownMinutes(lastBeerTime: Date | null, now: Date): number {
  if (!lastBeerTime) return 0;
  const remainingMs = BEER_COOLDOWN_MS - (now.getTime() - lastBeerTime.getTime());
  if (remainingMs <= 0) return 0;
  return Math.ceil(remainingMs / 60_000);
}

/** The cooldown notice; without a minute count it says '1h'. */
export function cooldownMessage(minutes?: number): string {
  const wait = minutes && minutes > 0 ? `${minutes} minuter` : "1h";
  return `Du får vänta ${wait} innan du kan skåla här igen! 🍻`;
}
