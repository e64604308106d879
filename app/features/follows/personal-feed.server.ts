import { eq } from "drizzle-orm";
import { personalFeeds } from "~/db/schema";
import { chosenEventsCalendar } from "~/features/event-calendar/public.server";
import type { Db } from "~/lib/db.server";

/** A feed key the browser made: 32–64 URL-safe characters (it makes 32 random bytes, base64url). */
export const FEED_KEY = /^[A-Za-z0-9_-]{32,64}$/;
/** At most this many events in one personal feed. */
export const MAX_FEED_EVENTS = 100;

/** Stores the browser's current list under its key (the list replaces the one before); an empty list deletes it. */
export async function savePersonalFeed(db: Db, key: string, eventIds: string[], now = new Date()) {
  const unique = [...new Set(eventIds)];
  if (!unique.length) {
    await db.delete(personalFeeds).where(eq(personalFeeds.key, key));
    return;
  }
  await db
    .insert(personalFeeds)
    .values({ key, eventIds: unique, updatedAt: now })
    .onConflictDoUpdate({ target: personalFeeds.key, set: { eventIds: unique, updatedAt: now } });
}

/** The personal feed's calendar text, or null for a key nobody saved. */
export async function personalFeedCalendar(db: Db, key: string, now: Date): Promise<string | null> {
  const [feed] = await db.select().from(personalFeeds).where(eq(personalFeeds.key, key));
  if (!feed) return null;
  return chosenEventsCalendar(db, feed.eventIds, "Mina quiz", now);
}
