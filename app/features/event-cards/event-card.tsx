import { CalendarDays, Info, MapPin, Users } from "lucide-react";
import { memo, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { BeerButton } from "~/features/beers/public";
import type { CardEvent, SoonLabel } from "~/features/events/public";
import {
  CONFIRMED_TODAY_TEXT,
  cardFactLabels,
  EventImage,
  eventPath,
  teamSizeLabel,
  whenLabel,
} from "~/features/events/public";
import { ReportDialog } from "~/features/reports/public";
import type { Weekday } from "~/lib/time";
import { CityBadge, NewBadge, TopRankBadge, TypeBadges } from "./event-badges";

const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 320px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

export type EventCardProps = {
  event: CardEvent;
  onCountChange?: (eventId: string, count: number) => void;
  /** Controls shown under the card (an admin's edit and delete); the page that has them passes them in. */
  adminActions?: (event: CardEvent) => ReactNode;
  priority?: boolean;
  /** On a page or filter about one weekday: that day's night and time. */
  onWeekday?: Weekday;
};

const SOON_CLASSES: Record<SoonLabel["tone"], string> = {
  tonight: "font-semibold text-brand-800 dark:text-brand-200",
  tomorrow: "font-semibold",
  running: "font-semibold text-green-800 dark:text-green-300",
  cancelled: "font-semibold text-red-700 dark:text-red-300",
};

/**
 * "Ikväll 19:00" and its kin when true at render time, else the weekday line. On a page about one weekday
 * both speak of that weekday's night only; `lineWeekday` picks the line's day where no weekday is asked for
 * (the list row's entry for today).
 */
export function WhenText({
  event,
  onWeekday,
  lineWeekday,
}: {
  event: CardEvent;
  onWeekday?: Weekday;
  lineWeekday?: Weekday;
}) {
  const soon = onWeekday ? (event.soonOn[onWeekday] ?? null) : event.soon;
  if (soon)
    return (
      <span data-when className={`truncate ${SOON_CLASSES[soon.tone]}`}>
        {soon.text}
        {soon.confirmed ? (
          <span data-confirmed-today className="text-emerald-800 dark:text-emerald-300">
            {" · "}
            {CONFIRMED_TODAY_TEXT}
          </span>
        ) : null}
      </span>
    );
  return (
    // A fortnightly or monthly quiz's line is longer (how often, and the next date): it may take two lines.
    <span data-when className="line-clamp-2">
      {whenLabel(event, onWeekday ?? lineWeekday)}
    </span>
  );
}

/** One quiz night in the grid. Text is clamped so every card has the same height. */
export const EventCard = memo(function EventCard({
  event,
  onCountChange,
  adminActions,
  priority = false,
  onWeekday,
}: EventCardProps) {
  const href = eventPath(event);
  const facts = cardFactLabels(event.facts);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-stone-800 dark:bg-stone-900">
      <div className="relative">
        <EventImage src={event.image} alt="" ratio="16 / 9" sizes={CARD_IMAGE_SIZES} priority={priority} />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <CityBadge city={event.city} />
          {event.isNew && <NewBadge />}
        </div>
        {event.topRank && (
          <div className="absolute top-3 right-3">
            <TopRankBadge rank={event.topRank} />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-1.5">
          <TypeBadges types={event.quizType} />
        </div>
        <div>
          <h3 className="line-clamp-2 min-h-[2lh] text-lg leading-snug font-semibold">
            <Link to={href} className="rounded-sm hover:text-brand-700 dark:hover:text-brand-300">
              {event.title}
            </Link>
          </h3>
          <p className="mt-1 line-clamp-2 min-h-10 text-sm text-stone-600 dark:text-stone-400">
            {event.description}
          </p>
        </div>
        <ul className="space-y-1.5 text-sm text-stone-700 dark:text-stone-300">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            <WhenText event={event} onWeekday={onWeekday} />
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            {event.locationUrl ? (
              <a
                href={event.locationUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="truncate rounded-sm underline decoration-stone-400 underline-offset-2 hover:decoration-current"
              >
                {event.location}
                <span className="sr-only"> (karta, öppnas i ny flik)</span>
              </a>
            ) : (
              <span className="truncate">{event.location}</span>
            )}
          </li>
          <li className="flex items-center gap-2">
            <Users aria-hidden className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            <span>Max per lag: {teamSizeLabel(event.maxPersonsPerTeam)}</span>
          </li>
          {facts.length > 0 && (
            <li data-facts className="flex items-start gap-2">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
              <span className="line-clamp-2">{facts.join(" · ")}</span>
            </li>
          )}
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3 dark:border-stone-800">
          <BeerButton
            eventId={event.id}
            eventTitle={event.title}
            count={event.beerCounter}
            onCountChange={onCountChange}
            size="sm"
          />
          {/* Wraps under the skåla button, right-aligned, where the card is too narrow for all three. */}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-1">
            <ReportDialog
              eventId={event.id}
              eventTitle={event.title}
              eventPath={href}
              triggerClassName="whitespace-nowrap"
            />
            {/* The title is in the link text, not only its label, so the text says where it goes. */}
            <Link to={href} className={buttonClasses("secondary", "min-h-9 px-3 whitespace-nowrap")}>
              Mer info<span className="sr-only"> om {event.title}</span>
            </Link>
          </div>
        </div>
        {adminActions?.(event)}
      </div>
    </article>
  );
});
