import { type ReactNode, useCallback, useEffect, useState } from "react";
import { EventCard } from "~/features/event-cards/public";
import type { CardEvent } from "~/features/events/public";
import type { Weekday } from "~/lib/time";

/** Events with beer counts kept in sync across every card showing the same event. */
export function useLiveEvents<T extends { id: string; beerCounter: number }>(initial: T[]) {
  const [events, setEvents] = useState(initial);
  useEffect(() => setEvents(initial), [initial]);
  const onCountChange = useCallback(
    (eventId: string, count: number) =>
      setEvents((list) => list.map((e) => (e.id === eventId ? { ...e, beerCounter: count } : e))),
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
