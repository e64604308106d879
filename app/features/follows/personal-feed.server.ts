import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { personalFeeds } from "~/db/schema";
import { chosenEventsCalendar } from "~/features/event-calendar/public.server";
import type { Db } from "~/lib/db.server";

/** A key the browser made, to read or to write: 32–64 URL-safe characters (32 random bytes, base64url). */
export const FEED_KEY = /^[A-Za-z0-9_-]{32,64}$/;
/** At most this many events in one personal feed. */
export const MAX_FEED_EVENTS = 100;

/**
 * Only the write key's SHA-256 is stored: a copy of the table does not let anyone change the lists, and
 * comparing digests in SQL tells a timing observer nothing about the key itself (256 random bits cannot be
 * found from their digest).
 */
const digestOf = (writeKey: string) => createHash("sha256").update(writeKey).digest("hex");

/**
 * Stores the browser's current list under its key, when `writeKey` may write it, and says whether it did.
 * A new key takes the write key it first comes with; a list saved before write keys (none stored) is
 * claimed by the first write that brings one; after that only that write key writes. One statement, so
 * two first writes at once cannot both claim a list. An emptied list stays, empty, so the write key goes
 * on guarding its address (a deleted key could be taken by anyone who had seen the feed's address).
 */
export async function savePersonalFeed(
  db: Db,
  key: string,
  writeKey: string,
  eventIds: string[],
  now = new Date(),
): Promise<boolean> {
  const unique = [...new Set(eventIds)];
  const digest = digestOf(writeKey);
  const saved = await db
    .insert(personalFeeds)
    .values({ key, eventIds: unique, writeKeyHash: digest, updatedAt: now })
    .onConflictDoUpdate({
      target: personalFeeds.key,
      set: { eventIds: unique, writeKeyHash: digest, updatedAt: now },
      setWhere: sql`${personalFeeds.writeKeyHash} is null or ${personalFeeds.writeKeyHash} = ${digest}`,
    })
    .returning({ key: personalFeeds.key });
  return saved.length > 0;
}

/** The personal feed's calendar text, or null for a key nobody saved. */
export async function personalFeedCalendar(db: Db, key: string, now: Date): Promise<string | null> {
  const [feed] = await db
    .select({ eventIds: personalFeeds.eventIds })
    .from(personalFeeds)
    .where(eq(personalFeeds.key, key));
  if (!feed) return null;
  return chosenEventsCalendar(db, feed.eventIds, "Mina quiz", now);
}
