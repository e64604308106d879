import { type PackedCard, packCard, todayAndTomorrow } from "~/features/events/public";
import {
  type EventListCache,
  type EventListing,
  eventListCache,
  readEventListVersion,
} from "~/features/events/public.server";
import type { NearTonight } from "~/features/places/public";
import type { CITIES } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { pageOf, parsePage } from "~/lib/paging";
import { WEEKDAY_SLUGS, type Weekday } from "~/lib/time";
import { countListed } from "./day-shortcuts";
import {
  EMPTY_FILTER,
  type FilterCounts,
  type FilterState,
  filterCounts,
  filterEvents,
  HOME_PAGE_SIZE,
  parseFilterParams,
} from "./filters";
import { nearTonightOf } from "./near-tonight";

/** Where the browser fetches every event's card (see routes/api/event-listing.ts). */
const EVENT_LISTING_PATH = "/api/events/listing";
/** Query parameters of a listing narrowed to one city, and to one of its weekdays. */
export const LISTING_CITY_PARAM = "stad";
export const LISTING_WEEKDAY_PARAM = "dag";

type City = (typeof CITIES)[number];

/** Which events a listing answer carries: every event, one city's, or one city's on one weekday. */
export type ListingScope = { city?: City; weekday?: Weekday };

function scopeFilter(scope: ListingScope): FilterState {
  return {
    ...EMPTY_FILTER,
    cities: scope.city ? [scope.city.name] : [],
    weekdays: scope.weekday ? [scope.weekday] : [],
  };
}

function scopeQuery(scope: ListingScope): string {
  return [
    scope.city ? `&${LISTING_CITY_PARAM}=${scope.city.slug}` : "",
    scope.weekday ? `&${LISTING_WEEKDAY_PARAM}=${WEEKDAY_SLUGS[scope.weekday]}` : "",
  ].join("");
}

function listUrlOf(listing: EventListing, scope: ListingScope = {}): string {
  return `${EVENT_LISTING_PATH}?v=${listing.version}&t=${listing.minute}${scopeQuery(scope)}`;
}

/** One page of a listing, as the server renders it; the browser fetches `listUrl` for the rest. */
export type ListingPage = {
  /** Events matching the filter. */
  matching: number;
  /** What the heading counts of them: with "Ikväll"/"Imorgon", those whose night is not cancelled. */
  counted: number;
  /** The page of matching events the server renders, packed (card-event.ts). */
  cards: PackedCard[];
  page: number;
  pages: number;
  dates: { today: string; tomorrow: string };
  /** Every card of the listing's scope at this version and minute: immutable, so browsers and proxies keep it. */
  listUrl: string;
};

export type HomeListing = ListingPage & {
  /** Every event, whatever the filter (the hero's number). */
  total: number;
  counts: FilterCounts;
  /** "Ikväll nära dig" when the address carries a position (`?nara=`), else null. */
  near: NearTonight | null;
};

function pageOfListing(listing: EventListing, now: Date, filter: FilterState, page: number) {
  const dates = todayAndTomorrow(now);
  const matching = filterEvents(listing.views, filter, dates);
  const slice = pageOf(matching, page, HOME_PAGE_SIZE);
  return {
    matching: matching.length,
    counted: countListed(matching, filter.day, dates),
    cards: slice.items.map((e) => packCard(e, dates)),
    page: slice.page,
    pages: slice.pages,
    dates,
  };
}

/**
 * Home's first screen for the URL's filter and page, from the cached listing: the server renders these cards
 * (and, without JavaScript, links the other pages); the browser fetches `listUrl` for everything else.
 */
export async function loadHomeListing(
  db: Db,
  now: Date,
  params: URLSearchParams,
  cache: EventListCache = eventListCache,
): Promise<HomeListing> {
  const listing = await cache.listingAt(db, now);
  const filter = parseFilterParams(params);
  const page = pageOfListing(listing, now, filter, parsePage(params));
  return {
    ...page,
    total: listing.views.length,
    counts: filterCounts(listing.views, filter, page.dates),
    listUrl: listUrlOf(listing),
    near: nearTonightOf(listing.views, filter, params, page.dates),
  };
}

/**
 * A city's weekday page: one page of its events that day by start time (`?sida=N` for the others without
 * JavaScript), and the address of all of them for the browser.
 */
export async function loadWeekdayListing(
  db: Db,
  now: Date,
  scope: Required<ListingScope>,
  params: URLSearchParams,
  cache: EventListCache = eventListCache,
): Promise<ListingPage> {
  const listing = await cache.listingAt(db, now);
  return {
    ...pageOfListing(listing, now, scopeFilter(scope), parsePage(params)),
    listUrl: listUrlOf(listing, scope),
  };
}

/** Bumped whenever the packed shape changes, so no client keeps an old shape under a matching ETag. */
const LISTING_FORMAT = 6;
const MINUTE_MS = 60_000;
/** Serialized answers kept for reuse, per database: every scope (1 + 3 cities × 8) of a minute or two. */
const MAX_KEPT_BODIES = 54;
const keptByDb = new WeakMap<Db, Map<string, string>>();

export type ListingBody = {
  /** Names the data: format, version, minute and scope. */
  etag: string;
  /** Whether the answer is the data of the version the client named: then it never changes. */
  isCurrent: boolean;
  /** The JSON text `{ cards }`, its ETag and whether it is current (a write may land after `etag` is read). */
  build: () => Promise<{ body: string; etag: string; isCurrent: boolean }>;
};

/**
 * Every card in the scope at the minute `at`. The ETag comes from the version row alone, so a conditional
 * request is answered without building anything; the text is built once per version, minute and scope and
 * kept for the requests that follow (also those for an earlier minute than the one the cache holds).
 */
export async function loadListingBody(
  db: Db,
  at: Date,
  version: number,
  scope: ListingScope = {},
  cache: EventListCache = eventListCache,
): Promise<ListingBody> {
  const current = await readEventListVersion(db);
  const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  const keyOf = (v: number) => `${LISTING_FORMAT}-${v}-${minute}${scopeQuery(scope)}`;
  // Weak: the same data may go out gzipped or not.
  const etagOf = (key: string) => `W/"${key.replace(/&\w+=/g, "-")}"`;
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  const bodies = kept;
  return {
    etag: etagOf(keyOf(current)),
    isCurrent: current === version,
    build: async () => {
      const found = bodies.get(keyOf(current));
      if (found !== undefined)
        return { body: found, etag: etagOf(keyOf(current)), isCurrent: current === version };
      const listing = await cache.listingAt(db, at);
      const key = keyOf(listing.version);
      const dates = todayAndTomorrow(new Date(minute));
      const events =
        scope.city || scope.weekday ? filterEvents(listing.views, scopeFilter(scope)) : listing.views;
      const body = JSON.stringify({ cards: events.map((e) => packCard(e, dates)) });
      if (bodies.size >= MAX_KEPT_BODIES) {
        const oldest = bodies.keys().next().value;
        if (oldest !== undefined) bodies.delete(oldest);
      }
      bodies.set(key, body);
      return { body, etag: etagOf(key), isCurrent: listing.version === version };
    },
  };
}
