import { compareIsoWeeks, formatIsoWeek, type IsoWeek, parseIsoWeek, shiftIsoWeek } from "~/lib/time";

// Kept in the browser only. An old week played from the archive adds nothing.

export const STREAK_STORAGE_KEY = "quizkvall_nutidsquiz_veckor";

/** Enough for a streak; older weeks are dropped so the list never grows. */
const KEPT_WEEKS = 60;

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

export function addStreakWeek(weeks: IsoWeek[], week: IsoWeek): string {
  const keys = new Set([...weeks, week].map(formatIsoWeek));
  const sorted = [...keys]
    .map((k) => parseIsoWeek(k) as IsoWeek)
    .sort(compareIsoWeeks)
    .slice(-KEPT_WEEKS);
  return JSON.stringify(sorted.map(formatIsoWeek));
}

/** A missed week is forgiven once in any four weeks ("frysning"). */
const FREEZE_SPAN = 4;

export type Streak = { length: number; freezeLeft: boolean };

/** 0 unless `week` itself was played; a forgiven miss adds nothing to the count. */
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

export function streakText({ length, freezeLeft }: Streak): string {
  const weeks = `${length} ${length === 1 ? "vecka" : "veckor"} i rad`;
  return `${weeks} – ${freezeLeft ? "en frysning kvar" : "ingen frysning kvar"}`;
}
