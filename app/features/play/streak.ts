import { compareIsoWeeks, formatIsoWeek, type IsoWeek, parseIsoWeek, shiftIsoWeek } from "~/lib/time";

/**
 * The weekly streak, kept in the visitor's browser only: the weeks in which they finished that week's
 * NutidsQuiz while it was "Veckans" (an old week played from the archive adds nothing), and how many
 * weeks in a row end with the latest, one missed week in any four forgiven.
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

/** A missed week is forgiven once in any four weeks ("frysning"): two forgiven misses are at least this far apart. */
const FREEZE_SPAN = 4;

export type Streak = { length: number; freezeLeft: boolean };

/**
 * The weeks in a row, ending with `week`, the visitor has played (0 if not `week` itself). A missed week keeps
 * the streak when no other miss lies within the four weeks around it; it adds nothing to the count.
 * `freezeLeft` says whether missing next week would be forgiven.
 */
export function streakOf(weeks: IsoWeek[], week: IsoWeek): Streak {
  const keys = new Set(weeks.map(formatIsoWeek));
  let length = 0;
  // A miss is forgiven only once a played week lies beyond it; until then it may be where the streak began.
  let pendingMiss: number | null = null;
  let newestForgiven: number | null = null;
  let oldestForgiven: number | null = null;
  for (let back = 0, at = week; ; back += 1, at = shiftIsoWeek(at, -1)) {
    if (keys.has(formatIsoWeek(at))) {
      length += 1;
      if (pendingMiss !== null) {
        newestForgiven ??= pendingMiss;
        oldestForgiven = pendingMiss;
        pendingMiss = null;
      }
      continue;
    }
    const tooClose = oldestForgiven !== null && back - oldestForgiven < FREEZE_SPAN;
    if (back === 0 || pendingMiss !== null || tooClose) break;
    pendingMiss = back;
  }
  return { length, freezeLeft: length > 0 && (newestForgiven === null || newestForgiven >= FREEZE_SPAN - 1) };
}

/** "1 vecka i rad – en frysning kvar", "3 veckor i rad – ingen frysning kvar". */
export function streakText({ length, freezeLeft }: Streak): string {
  const weeks = `${length} ${length === 1 ? "vecka" : "veckor"} i rad`;
  return `${weeks} – ${freezeLeft ? "en frysning kvar" : "ingen frysning kvar"}`;
}
