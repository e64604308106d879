import { CalendarClock, Flame } from "lucide-react";
import { useEffect, useState } from "react";
import type { IsoWeek } from "~/lib/time";
import {
  addStreakWeek,
  readStreakWeeks,
  STREAK_STORAGE_KEY,
  type Streak,
  streakOf,
  streakText,
} from "./streak";

export type WeeklyInfo = { week: IsoWeek; isThisWeeks: boolean; next: string };

/**
 * After the last answer of a NutidsQuiz: when the next one comes, and the streak of weeks in a row kept in
 * this browser. Finishing this week's quiz adds its week; a week played from the archive adds nothing.
 */
export function WeeklyRhythm({ weekly, countsForStreak }: { weekly: WeeklyInfo; countsForStreak: boolean }) {
  const [streak, setStreak] = useState<Streak | null>(null);
  const { week, isThisWeeks } = weekly;
  useEffect(() => {
    let weeks = readStreakWeeks(window.localStorage.getItem(STREAK_STORAGE_KEY));
    if (countsForStreak && isThisWeeks) {
      const stored = addStreakWeek(weeks, week);
      window.localStorage.setItem(STREAK_STORAGE_KEY, stored);
      weeks = readStreakWeeks(stored);
    }
    setStreak(streakOf(weeks, week));
  }, [week, isThisWeeks, countsForStreak]);
  return (
    <div className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-stone-700 dark:text-stone-300">
      <p className="flex items-center gap-1.5">
        <CalendarClock className="size-4" aria-hidden /> {weekly.next}
      </p>
      {streak?.length ? (
        <p className="flex items-center gap-1.5 font-semibold text-brand-800 dark:text-brand-300">
          <Flame className="size-4" aria-hidden /> {streakText(streak)}
        </p>
      ) : null}
    </div>
  );
}
