import { useMemo } from "react";
import { preload } from "react-dom";
import { useSearchParams } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { FeedCalendarChoices } from "~/features/event-calendar/calendar-links";
import { EventGrid, type Pagination } from "~/features/event-listing/event-grid";
import { EMPTY_FILTER, filterEvents } from "~/features/event-listing/filters";
import { atListing, LISTING_ANCHOR } from "~/features/event-listing/list-landing";
import { useFullListing } from "~/features/event-listing/use-full-listing";
import { useLiveEvents } from "~/features/event-listing/use-live-events";
import { unpackCard } from "~/features/events/card-event";
import { pluralWeekday, weekdayPath } from "~/features/events/event-format";
import { pageHref } from "~/lib/paging";
import { WEEKDAY_SLUGS } from "~/lib/time";
import { Breadcrumbs } from "./breadcrumbs";
import type { WeekdayData } from "./city-slug-view";

export function WeekdayView({ data }: { data: WeekdayData }) {
  const { city, weekday, origin, cards, matching, page, pages, dates, listUrl } = data;
  const [params] = useSearchParams();
  const day = pluralWeekday(weekday).toLowerCase();
  // Every quiz of the day after first paint (the server sent one page; the preload starts it early).
  preload(listUrl, { as: "fetch", crossOrigin: "anonymous" });
  const packed = useFullListing(listUrl);
  const all = useMemo(() => {
    if (!packed) return null;
    const filter = { ...EMPTY_FILTER, cities: [city.name], weekdays: [weekday] };
    return filterEvents(
      packed.map((p) => unpackCard(p, dates)),
      filter,
      dates,
    );
  }, [packed, city.name, weekday, dates]);
  const serverPage = useMemo(() => cards.map((p) => unpackCard(p, dates)), [cards, dates]);
  const [events, onCountChange] = useLiveEvents(all ?? serverPage);
  const pagination: Pagination | null = all
    ? null
    : {
        page,
        pages,
        hrefFor: (n) => atListing(pageHref(weekdayPath(city.slug, weekday), params, n)),
      };
  const count = all ? all.length : matching;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs city={city} current={pluralWeekday(weekday)} />
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        Pubquiz i {city.name} på {day}
      </h1>
      <h2
        id={LISTING_ANCHOR}
        className="mt-2 scroll-mt-20 text-base font-normal text-stone-700 dark:text-stone-300"
      >
        {count === 1 ? "1 quizkväll" : `${count} quizkvällar`}
      </h2>
      <div className="mt-4">
        <FeedCalendarChoices origin={origin} path={`/quiz/${city.slug}/${WEEKDAY_SLUGS[weekday]}.ics`} />
      </div>
      <div className="mt-8">
        {events.length ? (
          <EventGrid
            events={events}
            pagination={pagination}
            view="card"
            onCountChange={onCountChange}
            onWeekday={weekday}
          />
        ) : (
          <EmptyState padding="lg" tone="inherit">
            Inga event hittades
          </EmptyState>
        )}
      </div>
    </div>
  );
}
