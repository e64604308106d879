/**
 * How long the daily retention job (retention.server.ts) keeps each kind of personal data that nothing else
 * deletes, in days: one list that the job enforces and /integritet states (decision 054).
 */
export const RETENTION_DAYS = {
  /** A report or suggestion, with its name and e-mail, after an admin marked it resolved. */
  resolvedReport: 90,
  /** A host claim (name, e-mail, role, message) after it was decided. */
  decidedClaim: 90,
  /** A visitor's "Det blev inget" after an admin dealt with it. */
  resolvedNotHeld: 90,
  /** A visitor's "Jag var där" after the night (it can be given on the night's date and the day after). */
  confirmation: 7,
  /** A browser's latest skåla on an event (its cooldown is an hour). */
  beerCooldown: 1,
  /** A single skåla with its browser id: at least the activity report's longest period (a week). */
  beerClick: 14,
  /** The browser id on quiz plays, votes and question reports; then the rows stay without it. */
  playLink: 180,
  /** An expired session, sign-in link, reset link or code. */
  expiredSignIn: 1,
  /** A host's link-only account that hosts nothing any more, counted from when it was made. */
  idleHostAccount: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` before `now`: rows older than it go. */
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

/** periodLabel of whole days. */
export function daysLabel(days: number): string {
  return periodLabel(days * DAY_MS);
}
