import { eq } from "drizzle-orm";
import { cacheVersions } from "~/db/schema";
import { pageShows } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { computeTopRanks, type EventBase, type EventView, eventViewAt } from "./event-view";
import { listEventBases, listEventCounters } from "./events.server";

/** Bumped by triggers on event writes (migration 0008), not on counter-only ones (0010). */
const EVENT_LIST_SCOPE = "event-list";

const MINUTE_MS = 60_000;

/** How old the beer counters (and the top-3 ranks built on them) in the listing may get. */
const COUNTERS_MAX_AGE_MS = 5_000;

/** The listing's current version: one primary-key read. A database never written to has no row: version 0. */
export async function readEventListVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.scope, EVENT_LIST_SCOPE));
  return row?.version ?? 0;
}

export type EventListing = {
  version: number;
  /** Start of the minute the views were computed for (ms since the epoch). */
  minute: number;
  views: EventView[];
};

type Entry = {
  version: number;
  bases: Promise<EventBase[]>;
  listing?: EventListing;
  countersAt: number;
  countersRead?: Promise<void>;
};

type Counted = Pick<EventBase, "id" | "beerCounter" | "topRank">;

function withCounters<T extends Counted>(
  items: T[],
  counters: Map<string, number>,
  ranks: Map<string, 1 | 2 | 3>,
): T[] {
  let changed = false;
  const next = items.map((item) => {
    const beerCounter = counters.get(item.id) ?? item.beerCounter;
    const topRank = ranks.get(item.id) ?? null;
    if (beerCounter === item.beerCounter && topRank === item.topRank) return item;
    changed = true;
    return { ...item, beerCounter, topRank };
  });
  return changed ? next : items;
}

/** Kept per process and rebuilt only when the database's version says the data changed (decision 020). */
function createEventListCache(
  load: (db: Db) => Promise<EventBase[]> = listEventBases,
  options: { clock?: () => number; readCounters?: typeof listEventCounters } = {},
) {
  const clock = options.clock ?? (() => performance.now());
  const readCounters = options.readCounters ?? listEventCounters;
  const entries = new WeakMap<Db, Entry>();

  function basesFor(db: Db, version: number): Entry {
    const current = entries.get(db);
    if (current && current.version === version) return current;
    const entry: Entry = { version, bases: load(db), countersAt: clock() };
    // A failed read is not kept: the next request tries again.
    entry.bases.catch(() => {
      if (entries.get(db) === entry) entries.delete(db);
    });
    entries.set(db, entry);
    return entry;
  }

  /** Reads the counters again when they are older than COUNTERS_MAX_AGE_MS (one read at a time). */
  async function refreshCounters(db: Db, entry: Entry) {
    if (clock() - entry.countersAt < COUNTERS_MAX_AGE_MS) return;
    entry.countersRead ??= (async () => {
      const readAt = clock();
      const [bases, rows] = await Promise.all([entry.bases, readCounters(db)]);
      const counters = new Map(rows.map((r) => [r.id, r.beerCounter]));
      const ranks = computeTopRanks(rows);
      const patched = withCounters(bases, counters, ranks);
      if (patched !== bases) {
        entry.bases = Promise.resolve(patched);
        if (entry.listing)
          entry.listing = { ...entry.listing, views: withCounters(entry.listing.views, counters, ranks) };
      }
      entry.countersAt = readAt;
    })().finally(() => {
      entry.countersRead = undefined;
    });
    await entry.countersRead;
  }

  return {
    async listingAt(db: Db, now: Date): Promise<EventListing> {
      pageShows("events");
      const version = await readEventListVersion(db);
      const entry = basesFor(db, version);
      await refreshCounters(db, entry);
      const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
      if (entry.listing?.minute === minute) return entry.listing;
      const bases = await entry.bases;
      if (entry.listing?.minute === minute) return entry.listing;
      const at = new Date(minute);
      const listing = { version: entry.version, minute, views: bases.map((b) => eventViewAt(b, at)) };
      entry.listing = listing;
      return listing;
    },
    clear(db: Db) {
      entries.delete(db);
    },
  };
}

export type EventListCache = ReturnType<typeof createEventListCache>;

export const eventListCache: EventListCache = createEventListCache();
