import type { EventView } from "~/features/events/public";
import { addDays, cardDescription, eventPath } from "~/features/events/public";
import {
  type EventListCache,
  type EventListing,
  eventListCache,
  readEventListVersion,
} from "~/features/events/public.server";
import { cityBySlug } from "~/lib/cities";
import { isNotModified, notModified, validatorHeaders } from "~/lib/conditional-get";
import type { Db } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { stockholmDate, weekdayBySlug } from "~/lib/time";
import { buildCalendar } from "./ics";

/** Older cancelled and extra nights are left out of the feeds. */
export const FEED_HISTORY_DAYS = 90;
/** Bumped whenever the feed's text changes shape, so no client keeps an old one under a matching ETag. */
const FEED_FORMAT = 4;
/** The cities' and their weekdays' (24) and the events' most asked for. */
const MAX_KEPT_FEEDS = 1_000;

export type Calendar = {
  body: string;
  fileName: string;
  etag: string;
  lastModified: Date;
};

type Kept = Calendar & { version: number; day: string };

const keptByDb = new WeakMap<Db, Map<string, Kept>>();

/** Built once per event list version and Stockholm day: a calendar polling every few minutes costs a lookup, not a build. */
async function keptCalendar(
  db: Db,
  key: string,
  now: Date,
  cache: EventListCache,
  build: (listing: EventListing, day: string) => { body: string; fileName: string } | null,
): Promise<Calendar | null> {
  const day = stockholmDate(now);
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  // The version row alone says whether the kept feed is current.
  const found = kept.get(key);
  if (found && found.version === (await readEventListVersion(db)) && found.day === day) return found;
  const listing = await cache.listingAt(db, now);
  const built = build(listing, day);
  if (!built) return null;
  const entry: Kept = {
    ...built,
    // Weak: the same feed may go out gzipped or not.
    etag: `W/"${FEED_FORMAT}-${listing.version}-${day}"`,
    // Whole seconds, as HTTP dates carry no more, so If-Modified-Since matches exactly.
    lastModified: new Date(Math.floor(now.getTime() / 1000) * 1000),
    version: listing.version,
    day,
  };
  kept.delete(key);
  if (kept.size >= MAX_KEPT_FEEDS) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, entry);
  return entry;
}

function feedText(
  name: string,
  events: EventView[],
  day: string,
  { onlyWeekday, isCity }: { onlyWeekday?: EventView["weekday"]; isCity: boolean },
) {
  const origin = siteOrigin();
  return buildCalendar(
    name,
    events.map((e) => ({
      ...e,
      description: isCity ? cardDescription(e.description) : e.description,
      url: `${origin}${eventPath(e)}`,
    })),
    // The day's start as stamp: one version's feed is the same text all day, on every instance.
    {
      now: new Date(`${day}T00:00:00Z`),
      onlyWeekday,
      since: addDays(day, -FEED_HISTORY_DAYS),
      alarm: !isCity,
    },
  );
}

export async function cityCalendar(
  db: Db,
  citySlug: string,
  weekdaySlug?: string,
  now: Date = new Date(),
  cache: EventListCache = eventListCache,
): Promise<Calendar | null> {
  const city = cityBySlug(citySlug);
  const weekday = weekdaySlug === undefined ? undefined : weekdayBySlug(weekdaySlug);
  if (!city || (weekdaySlug !== undefined && !weekday)) return null;
  const key = weekdaySlug ? `${city.slug}/${weekdaySlug}` : city.slug;
  return keptCalendar(db, key, now, cache, (listing, day) => {
    const events = listing.views.filter((e) => e.city === city.name);
    const name = weekday ? `Pubquiz i ${city.name} · ${weekday.toLowerCase()}` : `Pubquiz i ${city.name}`;
    return {
      body: feedText(name, events, day, { onlyWeekday: weekday, isCity: true }),
      fileName: weekdaySlug ? `quiz-${city.slug}-${weekdaySlug}.ics` : `quiz-${city.slug}.ics`,
    };
  });
}

export async function eventCalendar(
  db: Db,
  citySlug: string,
  slug: string,
  now: Date = new Date(),
  cache: EventListCache = eventListCache,
): Promise<Calendar | null> {
  const city = cityBySlug(citySlug);
  if (!city) return null;
  return keptCalendar(db, `${city.slug}/${slug}/kalender`, now, cache, (listing, day) => {
    const event = listing.views.find((e) => e.city === city.name && e.slug === slug);
    if (!event) return null;
    return { body: feedText(event.title, [event], day, { isCity: false }), fileName: `${event.slug}.ics` };
  });
}

const FEED_CACHE_CONTROL = "public, max-age=600";

export function calendarResponse(request: Request, calendar: Calendar): Response {
  const headers = { "Cache-Control": FEED_CACHE_CONTROL };
  if (isNotModified(request.headers, calendar)) return notModified(calendar, headers);
  return new Response(calendar.body, {
    headers: {
      ...headers,
      ...validatorHeaders(calendar),
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${calendar.fileName}"`,
    },
  });
}
