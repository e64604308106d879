import { and, eq, inArray, sql } from "drizzle-orm";
import { beerClickPending, eventBeerInteractions, events, rateLimits } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { countInWindow, type RateLimitRule } from "~/lib/rate-limit.server";
import { BEER_ADDRESS_LIMIT, BEER_COOLDOWN_MS, remainingCooldownMinutes } from "./beer-rules";

export type RecordBeerResult =
  | { status: "accepted"; count: number }
  | { status: "cooldown"; remainingMinutes: number }
  | { status: "address-limit"; retryAfterSeconds: number }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unknown-event" };

/** The rate_limits key of one address's hourly skåla quota on one event. */
function beerAddressKey(clientIp: string, eventId: string) {
  return `beer-hour:${eventId}:${clientIp}`;
}

/** The rate_limits key of one address's skåla requests (requestLimit). */
function beerRequestKey(clientIp: string) {
  return `beer:${clientIp}`;
}

/**
 * One skåla. A single statement decides it, so parallel clicks and edited pages cannot skip the cooldown:
 * the upsert only touches an interaction older than the cooldown (a concurrent upsert of the same visitor
 * waits on the row and then sees the fresh time), and only an accepted upsert logs the click (beer_clicks,
 * the acknowledged write) and queues it in beer_click_pending. The event's counter and the activity
 * report's roll-ups are not touched here: the beer flusher (beer-flush.server.ts, decision 046) adds the
 * queued clicks to them in batches, so parallel skålor on one event no longer wait on one another's commits.
 * The count answered is the event's counter plus its queued clicks as of the statement's snapshot, plus this
 * one: exact, as a click is in exactly one of the two places.
 *
 * With the client's address, the same statement also spends one of that address's accepted skålor on the
 * event this hour (BEER_ADDRESS_LIMIT, a fixed window in rate_limits): only a visitor out of cooldown
 * spends one, the quota row's lock orders concurrent clicks from the address, and the skåla is accepted only
 * while the count is within the limit, so rotating visitor ids cannot pump one event's counter. With
 * `requestLimit` it first counts the request against the address's request budget (a refusal writes
 * nothing else): one statement and one commit per skåla.
 */
export async function recordBeer(
  db: Db,
  input: { eventId: string; visitorId: string; clientIp?: string; requestLimit?: RateLimitRule },
  now: Date = new Date(),
): Promise<RecordBeerResult> {
  const nowIso = now.toISOString();
  const cutoffIso = new Date(now.getTime() - BEER_COOLDOWN_MS).toISOString();
  const windowFloorIso = new Date(now.getTime() - BEER_ADDRESS_LIMIT.windowMs).toISOString();
  const quotaKey = input.clientIp === undefined ? null : beerAddressKey(input.clientIp, input.eventId);
  const requests =
    input.clientIp !== undefined && input.requestLimit
      ? { key: beerRequestKey(input.clientIp), rule: input.requestLimit }
      : null;
  const requestCte = requests
    ? sql`requests as (
        insert into rate_limits (key, count, window_start)
        values (${requests.key}, 1, ${nowIso}::timestamptz)
        ${countInWindow(new Date(now.getTime() - requests.rule.windowMs).toISOString(), nowIso)}, window_start
      ),
      ev as (
        select id from events
        where id = ${input.eventId}::uuid and (select count from requests) <= ${requests.rule.limit}
      ),`
    : sql`ev as (select id from events where id = ${input.eventId}::uuid),`;
  // Without an address every skåla out of cooldown may be accepted (internal callers, tests of the rule).
  const quota = quotaKey
    ? sql`
      quota as (
        insert into rate_limits (key, count, window_start)
        select ${quotaKey}, 1, ${nowIso}::timestamptz from ev
        where not exists (
          select 1 from event_beer_interactions i
          where i.event_id = ev.id and i.user_identifier = ${input.visitorId}
            and i.last_beer_time > ${cutoffIso}::timestamptz)
        ${countInWindow(windowFloorIso, nowIso)}
      ),
      allowed as (
        select id from ev where exists (select 1 from quota where count <= ${BEER_ADDRESS_LIMIT.limit})
      ),`
    : sql`allowed as (select id from ev),`;
  const [row] = await queryRows<{
    count: number | null;
    found: boolean;
    spent: number | null;
    requests: number | null;
    requests_window: Date | string | null;
  }>(
    db,
    sql`
      with ${requestCte}
      ${quota}
      accepted as (
        insert into event_beer_interactions (event_id, user_identifier, last_beer_time)
        select id, ${input.visitorId}, ${nowIso}::timestamptz from allowed
        on conflict (event_id, user_identifier) do update
          set last_beer_time = excluded.last_beer_time
          where event_beer_interactions.last_beer_time <= ${cutoffIso}::timestamptz
        returning event_id
      ),
      logged as (
        insert into beer_clicks (event_id, user_identifier, clicked_at)
        select event_id, ${input.visitorId}, ${nowIso}::timestamptz from accepted
        returning id, event_id, clicked_at
      ),
      queued as (
        insert into beer_click_pending (click_id, event_id, clicked_at)
        select id, event_id, clicked_at from logged
      )
      select
        case when exists (select 1 from accepted) then
          (select beer_counter from events where id = ${input.eventId}::uuid)
          + (select count(*) from beer_click_pending where event_id = ${input.eventId}::uuid)::int + 1
        end as count,
        exists (select 1 from events where id = ${input.eventId}::uuid) as found,
        ${quotaKey ? sql`(select count from quota)` : sql`null::int`} as spent,
        ${requests ? sql`(select count from requests)` : sql`null::int`} as requests,
        ${requests ? sql`(select window_start from requests)` : sql`null::timestamptz`} as requests_window
    `,
  );
  if (requests && row?.requests !== null && Number(row?.requests) > requests.rule.limit) {
    const resetsAt = new Date(row?.requests_window ?? now).getTime() + requests.rule.windowMs;
    return {
      status: "rate-limited",
      retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
    };
  }
  if (!row?.found) return { status: "unknown-event" };
  if (row.count !== null && row.count !== undefined) return { status: "accepted", count: Number(row.count) };
  if (quotaKey && row.spent !== null && Number(row.spent) > BEER_ADDRESS_LIMIT.limit) {
    const [limit] = await db
      .select({ windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, quotaKey));
    const resetsAt = (limit?.windowStart ?? now).getTime() + BEER_ADDRESS_LIMIT.windowMs;
    return {
      status: "address-limit",
      retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
    };
  }
  // Refused: read the time that won, only to tell the visitor how long to wait.
  const [interaction] = await db
    .select({ lastBeerTime: eventBeerInteractions.lastBeerTime })
    .from(eventBeerInteractions)
    .where(
      and(
        eq(eventBeerInteractions.eventId, input.eventId),
        eq(eventBeerInteractions.userIdentifier, input.visitorId),
      ),
    );
  return {
    status: "cooldown",
    remainingMinutes: Math.max(1, remainingCooldownMinutes(interaction?.lastBeerTime ?? now, now)),
  };
}

export type BeerStatus = {
  eventId: string;
  lastBeerTime: string | null;
  remainingMinutes: number;
  /** The event's count now (null for an unknown event): a cached page's count may be a few seconds old. */
  count: number | null;
};

/**
 * The visitor's last skåla per event, for the buttons' initial state, and each event's current count.
 * Events never beered are listed too. The page a button sits on may come from the page cache, which a
 * skåla does not empty (docs/decisions/022): this uncached request, which every page with buttons makes
 * anyway, brings the counts up to date.
 */
export async function getBeerStatuses(
  db: Db,
  input: { eventIds: string[]; visitorId: string },
  now: Date = new Date(),
): Promise<BeerStatus[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({ eventId: eventBeerInteractions.eventId, lastBeerTime: eventBeerInteractions.lastBeerTime })
      .from(eventBeerInteractions)
      .where(
        and(
          eq(eventBeerInteractions.userIdentifier, input.visitorId),
          inArray(eventBeerInteractions.eventId, input.eventIds),
        ),
      ),
    // The counter plus the clicks the flusher has not added yet, in one snapshot (decision 046).
    db
      .select({
        id: events.id,
        beerCounter: sql<number>`${events.beerCounter} + (select count(*) from ${beerClickPending} p where p.event_id = ${events.id})::int`,
      })
      .from(events)
      .where(inArray(events.id, input.eventIds)),
  ]);
  const byEvent = new Map(rows.map((r) => [r.eventId, r.lastBeerTime]));
  const countOf = new Map(counts.map((r) => [r.id, Number(r.beerCounter)]));
  return [...new Set(input.eventIds)].map((eventId) => {
    const last = byEvent.get(eventId) ?? null;
    return {
      eventId,
      lastBeerTime: last ? last.toISOString() : null,
      remainingMinutes: remainingCooldownMinutes(last, now),
      count: countOf.get(eventId) ?? null,
    };
  });
}
