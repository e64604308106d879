import type { DayDates, NightView } from "~/features/events/public";
import { holdsNightOn } from "~/features/events/public";

export type DayShortcut = "ikvall" | "imorgon";
export const DAY_SHORTCUTS: Record<DayShortcut, string> = { ikvall: "Ikväll", imorgon: "Imorgon" };

type Dated = { nights?: readonly Pick<NightView, "date" | "start" | "cancelled">[] };

export function shortcutDate(day: DayShortcut, dates: DayDates): string {
  return day === "ikvall" ? dates.today : dates.tomorrow;
}

export function dayCounts(events: readonly Dated[], dates: DayDates): Record<DayShortcut, number> {
  const counts = { ikvall: 0, imorgon: 0 };
  for (const e of events) {
    if (holdsNightOn(e, dates.today)) counts.ikvall++;
    if (holdsNightOn(e, dates.tomorrow)) counts.imorgon++;
  }
  return counts;
}

/** The heading's count: with a shortcut chosen only events holding a night that date (as the chip says). */
export function countListed(events: readonly Dated[], day: DayShortcut | null, dates: DayDates): number {
  if (!day) return events.length;
  const date = shortcutDate(day, dates);
  return events.filter((e) => holdsNightOn(e, date)).length;
}
