import { type ReactNode, useCallback, useMemo, useState } from "react";
import { EventCard } from "~/features/event-cards/public";
import type { CardEvent } from "~/features/events/public";
import type { Weekday } from "~/lib/time";

/**
 * Events with beer counts kept in sync across every card showing the same event: the counts the buttons
 * reported are laid over the given list, which stays the page's data (new data keeps the higher count).
 */
export function useLiveEvents<T extends { id: string; beerCounter: number }, L extends T[] | null>(given: L) {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(() => new Map());
  const events = useMemo(
    () =>
      (counts.size === 0
        ? given
        : given?.map((e) => {
            const count = counts.get(e.id);
            return count !== undefined && count > e.beerCounter ? { ...e, beerCounter: count } : e;
          })) as L,
    [given, counts],
  );
  const onCountChange = useCallback(
    (eventId: string, count: number) => setCounts((map) => new Map(map).set(eventId, count)),
    [],
  );
  return [events, onCountChange] as const;
}

/** A plain (not virtualised) grid for the bounded lists of the city page and the event page. */
export function EventCardGrid({
  events,
  onCountChange,
  priorityCount = 0,
  onWeekday,
  more,
}: {
  events: CardEvent[];
  onCountChange: (eventId: string, count: number) => void;
  priorityCount?: number;
  onWeekday?: Weekday;
  /** A last tile after the cards (a link to the rest). */
  more?: ReactNode;
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {events.map((e, i) => (
        <li key={e.id}>
          <EventCard
            event={e}
            onCountChange={onCountChange}
            priority={i < priorityCount}
            onWeekday={onWeekday}
          />
        </li>
      ))}
      {more && <li>{more}</li>}
    </ul>
  );
}
