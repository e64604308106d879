import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { personalFeeds } from "~/db/schema";
import { chosenEventsCalendar } from "~/features/event-calendar/public.server";
import type { DbOrTransaction } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
export const MAX_FEED_EVENTS = 100;

/** Only the write key's SHA-256 is stored: a copy of the table cannot change the lists. */
const digestOf = (writeKey: string) => createHash("sha256").update(writeKey).digest("hex");

/**
 * Events in `previous` no longer stored were taken out by the server (takeFromPersonalFeeds) and stay out.
 * The first write key claims a list, in one statement so two first writes cannot both; an emptied list stays to keep guarding its key.
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

/** Runs in the caller's transaction; the browser learns of it at its next write. */
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

export async function personalFeedCalendar(db: Db, key: string, now: Date): Promise<string | null> {
  const [feed] = await db
    .select({ eventIds: personalFeeds.eventIds })
    .from(personalFeeds)
    .where(eq(personalFeeds.key, key));
  if (!feed) return null;
  return chosenEventsCalendar(db, feed.eventIds, "Mina quiz", now);
}
