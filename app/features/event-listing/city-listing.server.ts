import {
  type CardEvent,
  type EventView,
  eventWeekdays,
  occurrencesOn,
  ruleOf,
  sortByTimeOn,
  toCardEvent,
  todayAndTomorrow,
} from "~/features/events/public";
import { type EventListCache, eventListCache } from "~/features/events/public.server";
import type { CityName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { WEEKDAYS, type Weekday } from "~/lib/time";

/**
 * The city page shows this many of each weekday's quizzes, with a tile linking the weekday page for the rest
 * (one row of four on a wide screen; seven days of them stay well within the page's size budget); the event
 * page shows this many of the other quizzes on its weekdays.
 */
const CITY_DAY_CARDS = 3;
const OTHER_EVENTS_SHOWN = 12;

export type WeekdayGroup = {
  weekday: Weekday;
  /** Every quiz of the city on that weekday. */
  count: number;
  /** The first CITY_DAY_CARDS of them, by start time that day. */
  events: CardEvent[];
};

/** A city's quizzes grouped Måndag → Söndag, a bounded number each; from the cached listing (decision 020). */
export async function loadCityWeekdays(
  db: Db,
  now: Date,
  city: CityName,
  cache: EventListCache = eventListCache,
): Promise<{ total: number; days: WeekdayGroup[] }> {
  const views = (await cache.listingAt(db, now)).views.filter((e) => e.city === city);
  const dates = todayAndTomorrow(now);
  const days = WEEKDAYS.map((weekday) => {
    const onDay = views.filter((e) => eventWeekdays(e).has(weekday));
    return {
      weekday,
      count: onDay.length,
      events: sortByTimeOn(onDay, weekday)
        .slice(0, CITY_DAY_CARDS)
        .map((e) => toCardEvent(e, dates)),
    };
  });
  return { total: views.length, days };
}

export type EventPageListing = {
  event: EventView;
  /**
   * Other quizzes of the city on the date of the event's next night (not cancelled), by start time; at most
   * OTHER_EVENTS_SHOWN. A fortnightly or monthly quiz's weekday has weeks without it: those are not its day.
   */
  others: CardEvent[];
  /** Whether there are more of them than `others` holds (the weekday pages list them all). */
  hasMore: boolean;
  /** The event's weekdays with how many quizzes the city has on each (the weekday pages list them all). */
  days: { weekday: Weekday; count: number }[];
};

/** One event by city and slug, with a bounded list of the city's other quizzes on its weekdays; or null. */
export async function loadEventPageListing(
  db: Db,
  now: Date,
  city: CityName,
  slug: string,
  cache: EventListCache = eventListCache,
): Promise<EventPageListing | null> {
  const views = (await cache.listingAt(db, now)).views.filter((e) => e.city === city);
  const event = views.find((e) => e.slug === slug);
  if (!event) return null;
  const eventDays = eventWeekdays(event);
  const dates = todayAndTomorrow(now);
  const date = event.nights.find((n) => !n.cancelled)?.date;
  const startOn = (e: EventView) =>
    date
      ? occurrencesOn(ruleOf(e), e.exceptions, date)
          .find((o) => !o.cancelled)
          ?.start.toISOString()
      : undefined;
  const sameDays = views
    .filter((e) => e.id !== event.id)
    .map((e) => ({ e, start: startOn(e) }))
    .filter((x): x is { e: EventView; start: string } => x.start !== undefined)
    .sort((a, b) => a.start.localeCompare(b.start) || a.e.title.localeCompare(b.e.title, "sv-SE"));
  const others = sameDays.slice(0, OTHER_EVENTS_SHOWN).map(({ e }) => toCardEvent(e, dates));
  const days = WEEKDAYS.filter((d) => eventDays.has(d)).map((weekday) => ({
    weekday,
    count: views.filter((e) => eventWeekdays(e).has(weekday)).length,
  }));
  return { event, others, hasMore: sameDays.length > others.length, days };
}
