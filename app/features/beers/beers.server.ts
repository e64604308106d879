import { and, eq, inArray, sql } from "drizzle-orm";
import { eventBeerInteractions, events, rateLimits } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { countInWindow } from "~/lib/rate-limit.server";
import {
  BEER_ADDRESS_LIMIT,
  BEER_COOLDOWN_MS,
  DAY_MS,
  HOUR_MS,
  remainingCooldownMinutes,
} from "./beer-rules";

export type RecordBeerResult =
  | { status: "accepted"; count: number }
  | { status: "cooldown"; remainingMinutes: number }
  | { status: "address-limit"; retryAfterSeconds: number }
  | { status: "unknown-event" };

/** The rate_limits key of one address's hourly skåla quota on one event. */
function beerAddressKey(clientIp: string, eventId: string) {
  return `beer-hour:${eventId}:${clientIp}`;
}

/**
 * One skåla. A single statement decides it, so parallel clicks and edited pages cannot skip the cooldown:
 * the upsert only touches an interaction older than the cooldown (a concurrent upsert of the same visitor
 * waits on the row and then sees the fresh time), and only an accepted upsert bumps the counter, logs the
 * click for the admin activity report and adds it to the report's hourly and daily roll-ups
 * (beer_click_hours, beer_click_days).
 *
 * With the client's address, the same statement also spends one of that address's accepted skålor on the
 * event this hour (BEER_ADDRESS_LIMIT, a fixed window in rate_limits): only a visitor out of cooldown
 * spends one, the counter row's lock orders concurrent clicks, and the skåla is accepted only while the
 * count is within the limit, so rotating visitor ids cannot pump one event's counter.
 */
export async function recordBeer(
  db: Db,
  input: { eventId: string; visitorId: string; clientIp?: string },
  now: Date = new Date(),
): Promise<RecordBeerResult> {
  const nowIso = now.toISOString();
  const cutoffIso = new Date(now.getTime() - BEER_COOLDOWN_MS).toISOString();
  const windowFloorIso = new Date(now.getTime() - BEER_ADDRESS_LIMIT.windowMs).toISOString();
  const quotaKey = input.clientIp === undefined ? null : beerAddressKey(input.clientIp, input.eventId);
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
  // The UTC hour and day the click falls in, for the activity report's roll-ups.
  const hourIso = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const dayIso = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
  const rollup = (table: "beer_click_hours" | "beer_click_days", startIso: string) => sql`
        insert into ${sql.identifier(table)} (event_id, start, clicks, first_at, last_at)
        select event_id, ${startIso}::timestamptz, 1, ${nowIso}::timestamptz, ${nowIso}::timestamptz from accepted
        on conflict (event_id, start) do update
          set clicks = ${sql.identifier(table)}.clicks + 1,
            first_at = least(${sql.identifier(table)}.first_at, excluded.first_at),
            last_at = greatest(${sql.identifier(table)}.last_at, excluded.last_at)`;
  const [row] = await queryRows<{ count: number | null; found: boolean; spent: number | null }>(
    db,
    sql`
      with ev as (
        select id from events where id = ${input.eventId}::uuid
      ),
      ${quota}
      accepted as (
        insert into event_beer_interactions (event_id, user_identifier, last_beer_time)
        select id, ${input.visitorId}, ${nowIso}::timestamptz from allowed
        on conflict (event_id, user_identifier) do update
          set last_beer_time = excluded.last_beer_time
          where event_beer_interactions.last_beer_time <= ${cutoffIso}::timestamptz
        returning event_id
      ),
      bumped as (
        update events set beer_counter = beer_counter + 1
        where id in (select event_id from accepted)
        returning beer_counter
      ),
      logged as (
        insert into beer_clicks (event_id, user_identifier, clicked_at)
        select event_id, ${input.visitorId}, ${nowIso}::timestamptz from accepted
      ),
      hourly as (${rollup("beer_click_hours", hourIso)}),
      daily as (${rollup("beer_click_days", dayIso)})
      select (select beer_counter from bumped) as count, exists (select 1 from ev) as found,
        ${quotaKey ? sql`(select count from quota)` : sql`null::int`} as spent
    `,
  );
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
    db
      .select({ id: events.id, beerCounter: events.beerCounter })
      .from(events)
      .where(inArray(events.id, input.eventIds)),
  ]);
  const byEvent = new Map(rows.map((r) => [r.eventId, r.lastBeerTime]));
  const countOf = new Map(counts.map((r) => [r.id, r.beerCounter]));
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
