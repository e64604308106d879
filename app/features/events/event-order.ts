import { compareSwedish } from "~/lib/swedish-order";
import type { Weekday } from "~/lib/time";
import type { EventView, NightView } from "./event-view";

/** The order of event lists: new events first, then titles; a day's events by their start time. */
type Ordered = Pick<EventView, "title" | "isNew" | "weekday" | "schedules"> &
  Partial<Pick<EventView, "time">> & {
    nights?: readonly Pick<NightView, "date" | "start">[];
  };

export function eventWeekdays(event: Pick<EventView, "weekday" | "schedules">): Set<Weekday> {
  return new Set([event.weekday, ...event.schedules.map((s) => s.weekday)]);
}

export function nightsOnDate(event: Pick<Ordered, "nights">, date: string) {
  return (event.nights ?? []).filter((n) => n.date === date);
}

export function holdsNightOn(
  event: { nights?: readonly Pick<NightView, "date" | "cancelled">[] },
  date: string,
): boolean {
  return (event.nights ?? []).some((n) => n.date === date && !n.cancelled);
}

function timeOnWeekday(event: Pick<Ordered, "schedules" | "weekday" | "time">, weekday: Weekday) {
  return event.schedules.find((s) => s.weekday === weekday)?.time ?? event.time ?? "";
}

export function sortByTimeOn<T extends Ordered>(events: readonly T[], weekday: Weekday): T[] {
  return [...events].sort(
    (a, b) => timeOnWeekday(a, weekday).localeCompare(timeOnWeekday(b, weekday)) || compareEvents(a, b),
  );
}

/** Events with a night on the date, by that night's start (cancelled ones stay, marked by their label). */
export function sortByNightOn<T extends Ordered>(events: readonly T[], date: string): T[] {
  const start = (e: T) => nightsOnDate(e, date)[0]?.start ?? "";
  return [...events].sort((a, b) => start(a).localeCompare(start(b)) || compareEvents(a, b));
}

function compareEvents(a: Ordered, b: Ordered): number {
  if (a.isNew !== b.isNew) return a.isNew ? -1 : 1;
  return compareSwedish(a.title, b.title);
}

/** Each list sorted once (filtering keeps the order), so a keystroke does not sort thousands again. */
const sortedLists = new WeakMap<readonly Ordered[], readonly Ordered[]>();
export function sortedOnce<T extends Ordered>(events: readonly T[]): readonly T[] {
  let sorted = sortedLists.get(events);
  if (!sorted) {
    sorted = [...events].sort(compareEvents);
    sortedLists.set(events, sorted);
  }
  return sorted as readonly T[];
}
