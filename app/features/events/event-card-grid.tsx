import { useCallback, useEffect, useState } from "react";
import type { Weekday } from "~/lib/time";
import { EventCard } from "./event-card";
import type { EventView } from "./event-view";

/** Events with beer counts kept in sync across every card showing the same event. */
export function useLiveEvents(initial: EventView[]) {
  const [events, setEvents] = useState(initial);
  useEffect(() => setEvents(initial), [initial]);
  const onCountChange = useCallback(
    (eventId: string, count: number) =>
      setEvents((list) => list.map((e) => (e.id === eventId ? { ...e, beerCounter: count } : e))),
    [],
  );
  return [events, onCountChange] as const;
}

/** A plain (not virtualised) grid for the short lists of city, weekday and event pages. */
export function EventCardGrid({
  events,
  onCountChange,
  priorityCount = 0,
  onWeekday,
}: {
  events: EventView[];
  onCountChange: (eventId: string, count: number) => void;
  priorityCount?: number;
  onWeekday?: Weekday;
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
    </ul>
  );
}
