import { and, eq, inArray, sql } from "drizzle-orm";
import { beerClickPending, eventBeerInteractions, events } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { countInWindow, type RateLimitRule } from "~/lib/rate-limit.server";
import { arrayLiteral, inRounds } from "~/lib/write-batcher.server";
import { BEER_ADDRESS_LIMIT, BEER_COOLDOWN_MS, remainingCooldownMinutes } from "./beer-rules";

export type RecordBeerResult =
  | { status: "accepted"; count: number }
  | { status: "cooldown"; remainingMinutes: number }
  | { status: "address-limit"; retryAfterSeconds: number }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unknown-event" };

function beerAddressKey(clientIp: string, eventId: string) {
  return `beer-hour:${eventId}:${clientIp}`;
}

function beerRequestKey(clientIp: string) {
  return `beer:${clientIp}`;
}

export type BeerInput = {
  eventId: string;
  visitorId: string;
  clientIp?: string;
  requestLimit?: RateLimitRule;
};

/** Each skåla is decided exactly as if alone; answers come back in the inputs' order. */
export function recordBeers(
  db: Db,
  inputs: readonly BeerInput[],
  now: Date = new Date(),
): Promise<RecordBeerResult[]> {
  // A visitor's skåla on an event, and an address's, touch rows of their own: repeats go in later statements.
  return inRounds(
    inputs,
    (i) => [`v:${i.eventId}:${i.visitorId}`, ...(i.clientIp === undefined ? [] : [`a:${i.clientIp}`])],
    (i) => (i.requestLimit ? `${i.requestLimit.limit}/${i.requestLimit.windowMs}` : ""),
    (round) => recordRound(db, round, now),
  );
}

type RoundRow = {
  idx: number;
  found: boolean;
  count: number | null;
  spent: number | null;
  spent_window: Date | string | null;
  requests: number | null;
  requests_window: Date | string | null;
  last_beer_time: Date | string | null;
};

/** Visitors and addresses must all differ within one statement. */
async function recordRound(db: Db, inputs: readonly BeerInput[], now: Date): Promise<RecordBeerResult[]> {
  const nowIso = now.toISOString();
  const cutoffIso = new Date(now.getTime() - BEER_COOLDOWN_MS).toISOString();
  const windowFloorIso = new Date(now.getTime() - BEER_ADDRESS_LIMIT.windowMs).toISOString();
  const rule = inputs[0]?.requestLimit;
  const requestKeys = inputs.map((i) =>
    i.clientIp !== undefined && rule ? beerRequestKey(i.clientIp) : null,
  );
  const quotaKeys = inputs.map((i) =>
    i.clientIp === undefined ? null : beerAddressKey(i.clientIp, i.eventId),
  );
  // Rows are locked in key order, so two statements never wait on each other in a circle.
  const rows = await queryRows<RoundRow>(
    db,
    sql`
      with input as (
        select * from unnest(
          ${arrayLiteral(inputs.map((_, i) => String(i)))}::int[], ${arrayLiteral(inputs.map((i) => i.eventId))}::uuid[],
          ${arrayLiteral(inputs.map((i) => i.visitorId))}::text[], ${arrayLiteral(requestKeys)}::text[],
          ${arrayLiteral(quotaKeys)}::text[]
        ) as t(idx, event_id, visitor_id, request_key, quota_key)
      ),
      requests as (
        insert into rate_limits (key, count, window_start)
        select request_key, 1, ${nowIso}::timestamptz from input where request_key is not null
        order by request_key
        ${countInWindow(new Date(now.getTime() - (rule?.windowMs ?? 0)).toISOString(), nowIso)}, key, window_start
      ),
      ev as (
        select i.* from input i
        join events e on e.id = i.event_id
        left join requests r on r.key = i.request_key
        where r.count is null or r.count <= ${rule?.limit ?? 0}
      ),
      quota as (
        insert into rate_limits (key, count, window_start)
        select ev.quota_key, 1, ${nowIso}::timestamptz from ev
        where ev.quota_key is not null and not exists (
          select 1 from event_beer_interactions b
          where b.event_id = ev.event_id and b.user_identifier = ev.visitor_id
            and b.last_beer_time > ${cutoffIso}::timestamptz)
        order by ev.quota_key
        ${countInWindow(windowFloorIso, nowIso)}, key, window_start
      ),
      allowed as (
        select ev.* from ev left join quota q on q.key = ev.quota_key
        where ev.quota_key is null or q.count <= ${BEER_ADDRESS_LIMIT.limit}
      ),
      accepted as (
        insert into event_beer_interactions (event_id, user_identifier, last_beer_time)
        select event_id, visitor_id, ${nowIso}::timestamptz from allowed
        order by event_id, visitor_id
        on conflict (event_id, user_identifier) do update
          set last_beer_time = excluded.last_beer_time
          where event_beer_interactions.last_beer_time <= ${cutoffIso}::timestamptz
        returning event_id, user_identifier
      ),
      logged as (
        insert into beer_clicks (event_id, user_identifier, clicked_at)
        select event_id, user_identifier, ${nowIso}::timestamptz from accepted
        returning id, event_id, clicked_at
      ),
      queued as (
        insert into beer_click_pending (click_id, event_id, clicked_at)
        select id, event_id, clicked_at from logged
      ),
      pending as (
        select p.event_id, count(*)::int as n from beer_click_pending p
        where p.event_id in (select event_id from accepted)
        group by p.event_id
      ),
      counted as (
        select i.idx,
          e.beer_counter + coalesce(pending.n, 0)
            + row_number() over (partition by i.event_id order by i.idx)::int as count
        from accepted a
        join input i on i.event_id = a.event_id and i.visitor_id = a.user_identifier
        join events e on e.id = i.event_id
        left join pending on pending.event_id = i.event_id
      )
      select i.idx, e.id is not null as found, c.count,
        q.count as spent, q.window_start as spent_window,
        r.count as requests, r.window_start as requests_window,
        b.last_beer_time
      from input i
      left join events e on e.id = i.event_id
      left join counted c on c.idx = i.idx
      left join quota q on q.key = i.quota_key
      left join requests r on r.key = i.request_key
      left join event_beer_interactions b on b.event_id = i.event_id and b.user_identifier = i.visitor_id
      order by i.idx
    `,
  );
  return Promise.all(
    inputs.map(async (input, i) => {
      const row = rows.find((r) => Number(r.idx) === i);
      if (
        rule &&
        row?.requests !== null &&
        row?.requests !== undefined &&
        Number(row.requests) > rule.limit
      ) {
        const resetsAt = new Date(row.requests_window ?? now).getTime() + rule.windowMs;
        return {
          status: "rate-limited",
          retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
        } satisfies RecordBeerResult;
      }
      if (!row?.found) return { status: "unknown-event" } satisfies RecordBeerResult;
      if (row.count !== null && row.count !== undefined)
        return { status: "accepted", count: Number(row.count) } satisfies RecordBeerResult;
      if (row.spent !== null && Number(row.spent) > BEER_ADDRESS_LIMIT.limit) {
        const resetsAt = new Date(row.spent_window ?? now).getTime() + BEER_ADDRESS_LIMIT.windowMs;
        return {
          status: "address-limit",
          retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
        } satisfies RecordBeerResult;
      }
      let last = row.last_beer_time === null ? null : new Date(row.last_beer_time);
      if (!last || last.getTime() <= new Date(cutoffIso).getTime()) last = await lastBeerTime(db, input);
      return {
        status: "cooldown",
        remainingMinutes: Math.max(1, remainingCooldownMinutes(last ?? now, now)),
      } satisfies RecordBeerResult;
    }),
  );
}

async function lastBeerTime(db: Db, input: BeerInput): Promise<Date | null> {
  const [interaction] = await db
    .select({ lastBeerTime: eventBeerInteractions.lastBeerTime })
    .from(eventBeerInteractions)
    .where(
      and(
        eq(eventBeerInteractions.eventId, input.eventId),
        eq(eventBeerInteractions.userIdentifier, input.visitorId),
      ),
    );
  return interaction?.lastBeerTime ?? null;
}

export type BeerStatus = {
  eventId: string;
  lastBeerTime: string | null;
  remainingMinutes: number;
  /** Null for an unknown event. A cached page's count may be a few seconds old. */
  count: number | null;
};

export async function getBeerStatuses(
  db: Db,
  input: { eventIds: string[]; visitorId?: string | undefined },
  now: Date = new Date(),
): Promise<BeerStatus[]> {
  const { visitorId } = input;
  const [rows, counts] = await Promise.all([
    visitorId === undefined
      ? []
      : db
          .select({
            eventId: eventBeerInteractions.eventId,
            lastBeerTime: eventBeerInteractions.lastBeerTime,
          })
          .from(eventBeerInteractions)
          .where(
            and(
              eq(eventBeerInteractions.userIdentifier, visitorId),
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
