import { eq } from "drizzle-orm";
import { cacheVersions } from "~/db/schema";
import { pageShows } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { type EventBase, type EventView, eventViewAt } from "./event-view";
import { listEventBases } from "./events.server";

/** The `cache_versions` row that triggers bump on every write to events and event_exceptions (migration 0008). */
export const EVENT_LIST_SCOPE = "event-list";

const MINUTE_MS = 60_000;

/** The listing's current version: one primary-key read. A database never written to has no row: version 0. */
export async function readEventListVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.scope, EVENT_LIST_SCOPE));
  return row?.version ?? 0;
}

/** Every event at one minute, and the version of the data it was built from. */
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
};

/**
 * The shaped list of every event, kept in this process and rebuilt only when the database says the data
 * changed (decision 020). Each call reads the version (one indexed row); the rows are read and shaped again
 * only when it differs from the cached one, whichever instance wrote. What depends on the time (next nights,
 * "Ikväll", 'Nytt') is derived from the cached data once per minute: every boundary it depends on (start times
 * in Stockholm, which is a whole-hour offset from UTC, and the running window) falls on a whole minute, so a
 * listing computed at the minute's start is the same as one computed at any instant within it.
 */
export function createEventListCache(load: (db: Db) => Promise<EventBase[]> = listEventBases) {
  const entries = new WeakMap<Db, Entry>();

  function basesFor(db: Db, version: number): Entry {
    const current = entries.get(db);
    if (current && current.version === version) return current;
    const entry: Entry = { version, bases: load(db) };
    // A failed read is not kept: the next request tries again.
    entry.bases.catch(() => {
      if (entries.get(db) === entry) entries.delete(db);
    });
    entries.set(db, entry);
    return entry;
  }

  return {
    /** Every event in the client shape at `now` (to the minute), newest first. */
    async listingAt(db: Db, now: Date): Promise<EventListing> {
      pageShows("events");
      const version = await readEventListVersion(db);
      const entry = basesFor(db, version);
      const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
      if (entry.listing?.minute === minute) return entry.listing;
      const bases = await entry.bases;
      if (entry.listing?.minute === minute) return entry.listing;
      const at = new Date(minute);
      const listing = { version: entry.version, minute, views: bases.map((b) => eventViewAt(b, at)) };
      entry.listing = listing;
      return listing;
    },
    /** Drops what this process holds for the database (tests). */
    clear(db: Db) {
      entries.delete(db);
    },
  };
}

export type EventListCache = ReturnType<typeof createEventListCache>;

/** This process's cache. */
export const eventListCache: EventListCache = createEventListCache();
