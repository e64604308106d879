import {
  formatIsoWeekRange,
  type IsoWeek,
  isoWeekOfDate,
  shiftIsoWeek,
  stockholmIsoWeek,
  stockholmParts,
  timeOf,
} from "~/lib/time";

/** The week a NutidsQuiz made at `now` is for: that of the next Stockholm day, so a Sunday draft is next week's. */
export function nutidsQuizWeekFor(now: Date): IsoWeek {
  const { year, month, day } = stockholmParts(now);
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  return isoWeekOfDate(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate());
}

/** "NutidsQuiz vecka 48" */
export function weeklyQuizLabel(week: IsoWeek): string {
  return `NutidsQuiz vecka ${week.week}`;
}

/** "Vecka 48 · 23–29 november 2026" */
export function weekWithDates(week: IsoWeek): string {
  return `Vecka ${week.week} · ${formatIsoWeekRange(week)}`;
}

/** The current and next week: a week's quiz is published the Sunday before it. */
export function featurableWeeks(now: Date): { from: IsoWeek; to: IsoWeek } {
  const current = stockholmIsoWeek(now);
  return { from: current, to: shiftIsoWeek(current, 1) };
}

const WEEKDAY_NAMES = ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"] as const;

export function nextQuizText(now: Date, scheduledAt: Date | null): string {
  if (!scheduledAt || scheduledAt.getTime() <= now.getTime()) return "Nästa NutidsQuiz på söndag";
  const today = stockholmParts(now);
  const then = stockholmParts(scheduledAt);
  const days = Math.round(
    (Date.UTC(then.year, then.month - 1, then.day) - Date.UTC(today.year, today.month - 1, today.day)) /
      86_400_000,
  );
  const time = timeOf(scheduledAt);
  if (days === 0) return `Nästa NutidsQuiz i dag kl. ${time}`;
  if (days === 1) return `Nästa NutidsQuiz i morgon kl. ${time}`;
  // weekdayIndex is 0–6 by construction.
  if (days < 7) return `Nästa NutidsQuiz på ${WEEKDAY_NAMES[then.weekdayIndex]!} kl. ${time}`;
  return `Nästa NutidsQuiz ${then.day}/${then.month} kl. ${time}`;
}
