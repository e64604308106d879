import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { personalFeeds } from "~/db/schema";
import { chosenEventsCalendar } from "~/features/event-calendar/public.server";
import type { DbOrTransaction } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
/** At most this many events in one personal feed. */
export const MAX_FEED_EVENTS = 100;

/**
 * Only the write key's SHA-256 is stored: a copy of the table does not let anyone change the lists, and
 * comparing digests in SQL tells a timing observer nothing about the key itself (256 random bits cannot be
 * found from their digest).
 */
const digestOf = (writeKey: string) => createHash("sha256").update(writeKey).digest("hex");

/**
 * Stores the browser's current list under its key, when `writeKey` may write it, and answers the list it
 * stored (null when refused). `previous` is the list the browser last had from here: an event in it that is
 * no longer stored left on the server (its follow ended, takeFromPersonalFeeds) and is not written back,
 * even though the browser, not knowing yet, still sends it.
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
  previous: string[] = [],
): Promise<string[] | null> {
  const unique = [...new Set(eventIds)];
  const digest = digestOf(writeKey);
  const incoming = sql`${`{${unique.join(",")}}`}::uuid[]`;
  const known = sql`${`{${previous.join(",")}}`}::uuid[]`;
  // In one statement with the write: what the server took out since the browser last heard stays out.
  const kept = sql`array(select id from unnest(${incoming}) with ordinality as t(id, n)
    where not (id = any(${known}) and not id = any(${personalFeeds.eventIds})) order by n)`;
  const saved = await db
    .insert(personalFeeds)
    .values({ key, eventIds: unique, writeKeyHash: digest, updatedAt: now })
    .onConflictDoUpdate({
      target: personalFeeds.key,
      set: { eventIds: kept, writeKeyHash: digest, updatedAt: now },
      setWhere: sql`${personalFeeds.writeKeyHash} is null or ${personalFeeds.writeKeyHash} = ${digest}`,
    })
    .returning({ eventIds: personalFeeds.eventIds });
  return saved[0]?.eventIds ?? null;
}

/**
 * Ended follows leave the "Mina quiz" list of the browser that asked for them (in the caller's transaction):
 * its calendar drops their nights at once, and the browser learns it at its next write.
 */
export async function takeFromPersonalFeeds(
  db: DbOrTransaction,
  ended: { eventId: string | null; feedKey: string | null }[],
): Promise<void> {
  for (const { eventId, feedKey } of ended) {
    if (!eventId || !feedKey) continue;
    await db
      .update(personalFeeds)
      .set({ eventIds: sql`array_remove(${personalFeeds.eventIds}, ${eventId}::uuid)` })
      .where(and(eq(personalFeeds.key, feedKey), sql`${eventId}::uuid = any(${personalFeeds.eventIds})`));
  }
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
