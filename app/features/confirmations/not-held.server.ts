import { sql } from "drizzle-orm";
import { ruleOf } from "~/features/events/public";
import { findEventViewById } from "~/features/events/public.server";
import { hostsOfEvent } from "~/features/hosts/public.server";
import { type DbOrTransaction, enqueueMail } from "~/features/mail/public.server";
import { type Db, queryRows } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { formatWeekdayDate } from "~/lib/time";
import { confirmableOccurrence } from "./confirmations";
import { NOT_HELD_ADDRESS_LIMIT, NOT_HELD_EVENT_LIMIT } from "./freshness";
import { eventPageUrl, hostEditUrl } from "./freshness.server";
import { notHeldMail } from "./freshness-mails";

export type NotHeldResult =
  | { status: "accepted" }
  | { status: "already" }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "unknown-event" }
  | { status: "outside-window" };

/**
 * A visitor's "Det blev inget" for the night they may confirm at `now` (from its start until the end of the
 * next day, as "Jag var där"). Stored once per visitor and night; counted against the address's hourly limit
 * and the night's limit over every address only when new. The first report of a night is mailed to the
 * event's hosts, in the transaction that stores it: the night's advisory lock makes "first" exact when
 * several visitors report at once.
 */
export async function reportNightNotHeld(
  db: Db,
  input: { eventId: string; visitorId: string; clientIp: string },
  now: Date,
): Promise<NotHeldResult> {
  const event = await findEventViewById(db, input.eventId, now);
  if (!event) return { status: "unknown-event" };
  const night = confirmableOccurrence(ruleOf(event), event.exceptions, now);
  if (!night) return { status: "outside-window" };
  const already = await queryRows(
    db,
    sql`select 1 from night_not_held_reports
        where event_id = ${event.id} and occurrence_date = ${night.date}::date and visitor_id = ${input.visitorId}`,
  );
  if (already.length) return { status: "already" };
  for (const [key, rule] of [
    [`not-held-hour:${input.clientIp}`, NOT_HELD_ADDRESS_LIMIT],
    [`not-held-night:${event.id}:${night.date}`, NOT_HELD_EVENT_LIMIT],
  ] as const) {
    const hit = await hitRateLimit(db, key, rule, now);
    if (!hit.allowed) return { status: "limited", retryAfterSeconds: hit.retryAfterSeconds };
  }
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`not-held:${event.id}:${night.date}`}, 0))`,
    );
    const inserted = await queryRows(
      tx,
      sql`insert into night_not_held_reports (event_id, occurrence_date, visitor_id, reported_at)
          values (${event.id}, ${night.date}::date, ${input.visitorId}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning event_id`,
    );
    if (!inserted.length) return { status: "already" as const };
    const [count] = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from night_not_held_reports where event_id = ${event.id} and occurrence_date = ${night.date}::date`,
    );
    if (Number(count?.n ?? 0) === 1) {
      const mail = notHeldMail({
        title: event.title,
        nightLabel: formatWeekdayDate(night.start),
        pageUrl: eventPageUrl(event),
        editUrl: hostEditUrl(event.id),
      });
      const hosts = (await hostsOfEvent(tx, event.id)).sort((a, b) => a.email.localeCompare(b.email));
      for (const host of hosts)
        await enqueueMail(tx as DbOrTransaction, { kind: "night-not-held", to: host.email, ...mail });
    }
    return { status: "accepted" as const };
  });
}
