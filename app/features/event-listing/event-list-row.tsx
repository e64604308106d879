import { ChevronRight } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { BeerButton } from "~/features/beers/public";
import { CityBadge, NewBadge, WhenText } from "~/features/event-cards/public";
import type { CardEvent } from "~/features/events/public";
import { EventImage, eventPath, todaysEntry } from "~/features/events/public";
import type { Weekday } from "~/lib/time";

export const EventListRow = memo(function EventListRow({
  event,
  onCountChange,
  priority = false,
  onWeekday,
}: {
  event: CardEvent;
  onCountChange?: (eventId: string, count: number) => void;
  priority?: boolean;
  onWeekday?: Weekday;
}) {
  return (
    <article className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-2.5 dark:border-stone-800 dark:bg-stone-900">
      <EventImage
        src={event.image}
        alt=""
        ratio="1 / 1"
        sizes="64px"
        priority={priority}
        className="w-16 shrink-0 rounded-lg"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5">
          <CityBadge city={event.city} className="px-2 text-[0.7rem]" />
          {event.isNew && <NewBadge />}
        </div>
        <h3 className="mt-1 line-clamp-2 leading-snug font-semibold">
          <Link to={eventPath(event)} className="rounded-sm hover:text-brand-700 dark:hover:text-brand-300">
            {event.title}
          </Link>
        </h3>
        <p className="truncate text-sm text-stone-700 dark:text-stone-300">{event.location}</p>
        <p className="flex text-sm text-stone-600 dark:text-stone-400">
          <WhenText
            event={event}
            onWeekday={onWeekday}
            lineWeekday={onWeekday ?? todaysEntry(event).weekday}
          />
        </p>
      </div>
      <BeerButton
        eventId={event.id}
        eventTitle={event.title}
        count={event.beerCounter}
        onCountChange={onCountChange}
        size="sm"
      />
      <ChevronRight aria-hidden className="size-4 shrink-0 text-stone-400" />
    </article>
  );
});
