/** Days kept, for personal data nothing else deletes: enforced by retention.server.ts and stated on /integritet (decision 054). */
export const RETENTION_DAYS = {
  resolvedReport: 90,
  decidedClaim: 90,
  resolvedNotHeld: 90,
  /** It can be given on the night's date and the day after. */
  confirmation: 7,
  /** Its cooldown is an hour. */
  beerCooldown: 1,
  /** At least the activity report's longest period (a week). */
  beerClick: 14,
  /** The browser id on plays, votes and question reports; the rows stay without it. */
  playLink: 180,
  expiredSignIn: 1,
  /** Counted from when the account was made. */
  idleHostAccount: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** A period as the notice says it: "en timme", "24 timmar", "ett dygn", "7 dagar". */
export function periodLabel(ms: number): string {
  const hours = ms / (60 * 60 * 1000);
  if (hours === 1) return "en timme";
  if (hours < 24 || !Number.isInteger(ms / DAY_MS)) return `${Math.round(hours)} timmar`;
  const days = ms / DAY_MS;
  return days === 1 ? "ett dygn" : `${days} dagar`;
}

export function daysLabel(days: number): string {
  return periodLabel(days * DAY_MS);
}
