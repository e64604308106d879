import { compareIsoWeeks, formatIsoWeek, type IsoWeek, parseIsoWeek, shiftIsoWeek } from "~/lib/time";

/**
 * The weekly streak, kept in the visitor's browser only: the weeks in which they finished that week's
 * NutidsQuiz while it was "Veckans" (an old week played from the archive adds nothing), and how many
 * weeks in a row end with the latest.
 */

export const STREAK_STORAGE_KEY = "quizkvall_nutidsquiz_veckor";

/** A year and a bit of weeks is all a streak needs; older ones are dropped so the list never grows. */
const KEPT_WEEKS = 60;

/** The kept weeks from their stored form; anything unreadable is dropped. */
export function readStreakWeeks(stored: string | null): IsoWeek[] {
  let values: unknown;
  try {
    values = JSON.parse(stored ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(values)) return [];
  return values
    .map((v) => (typeof v === "string" ? parseIsoWeek(v) : null))
    .filter((w): w is IsoWeek => w !== null);
}

/** The weeks with `week` added, de-duplicated, oldest first, at most KEPT_WEEKS, in their stored form. */
export function addStreakWeek(weeks: IsoWeek[], week: IsoWeek): string {
  const keys = new Set([...weeks, week].map(formatIsoWeek));
  const sorted = [...keys]
    .map((k) => parseIsoWeek(k) as IsoWeek)
    .sort(compareIsoWeeks)
    .slice(-KEPT_WEEKS);
  return JSON.stringify(sorted.map(formatIsoWeek));
}

/** How many weeks in a row, ending with `week`, the visitor has played; 0 if not `week` itself. */
export function streakLength(weeks: IsoWeek[], week: IsoWeek): number {
  const keys = new Set(weeks.map(formatIsoWeek));
  let length = 0;
  let at = week;
  while (keys.has(formatIsoWeek(at))) {
    length += 1;
    at = shiftIsoWeek(at, -1);
  }
  return length;
}

/** "1 vecka i rad", "3 veckor i rad". */
export function streakText(length: number): string {
  return `${length} ${length === 1 ? "vecka" : "veckor"} i rad`;
}
