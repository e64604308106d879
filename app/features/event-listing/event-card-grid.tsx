import type { ReactNode } from "react";
import { EventCard } from "~/features/event-cards/public";
import type { CardEvent } from "~/features/events/public";
import type { Weekday } from "~/lib/time";

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
