import type { Db } from "~/lib/db.server";
import { type PackedCard, packCard } from "./card-event";
import { type EventListCache, eventListCache } from "./event-list-cache.server";
import { todayAndTomorrow } from "./event-view";
import {
  type FilterCounts,
  filterCounts,
  filterEvents,
  pageOf,
  parseFilterParams,
  parsePage,
} from "./filters";

/** Where the browser fetches every event's card (see routes/api/event-listing.ts). */
export const EVENT_LISTING_PATH = "/api/events/listing";

export type HomeListing = {
  /** Every event, whatever the filter (the hero's number). */
  total: number;
  /** Events matching the URL's filter. */
  matching: number;
  /** The page of matching events the server renders, packed (card-event.ts). */
  cards: PackedCard[];
  page: number;
  pages: number;
  counts: FilterCounts;
  dates: { today: string; tomorrow: string };
  /** Every event's card at this version and minute: immutable, so the browser and proxies may keep it. */
  listUrl: string;
};

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
  const dates = todayAndTomorrow(now);
  const filter = parseFilterParams(params);
  const matching = filterEvents(listing.views, filter, dates);
  const { items, page, pages } = pageOf(matching, parsePage(params));
  return {
    total: listing.views.length,
    matching: matching.length,
    cards: items.map((e) => packCard(e, dates)),
    page,
    pages,
    counts: filterCounts(listing.views, filter, dates),
    dates,
    listUrl: `${EVENT_LISTING_PATH}?v=${listing.version}&t=${listing.minute}`,
  };
}

/**
 * Every event's card at the minute `t` (ms), and whether that is the data of `version`: when it is, the
 * answer never changes and may be cached for good.
 */
export async function loadAllCards(
  db: Db,
  at: Date,
  version: number,
  cache: EventListCache = eventListCache,
): Promise<{ cards: PackedCard[]; isCurrent: boolean }> {
  const listing = await cache.listingAt(db, at);
  const dates = todayAndTomorrow(at);
  return { cards: listing.views.map((e) => packCard(e, dates)), isCurrent: listing.version === version };
}

/** Every event in full at `now` (from the cache), for an admin's home: their cards carry edit controls. */
export async function listAdminEvents(db: Db, now: Date, cache: EventListCache = eventListCache) {
  return (await cache.listingAt(db, now)).views;
}
