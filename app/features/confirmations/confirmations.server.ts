import { sql } from "drizzle-orm";
import { ruleOf } from "~/features/events/public";
import { findEventViewById } from "~/features/events/public.server";
import { contentChanged } from "~/lib/content-changes.server";
import { type Db, queryRows } from "~/lib/db.server";
import { countInWindow } from "~/lib/rate-limit.server";
import { CONFIRM_ADDRESS_LIMIT, confirmableOccurrence } from "./confirmations";
import { ASK_HOSTS_AFTER_DAYS, UNCONFIRMED_NOTICE_AFTER_DAYS } from "./freshness";

type VisitorConfirmResult =
  | { status: "accepted"; lastConfirmedAt: string }
  | { status: "already" }
  | { status: "address-limit"; retryAfterSeconds: number }
  | { status: "unknown-event" };

export type VisitResult = VisitorConfirmResult | { status: "outside-window" };

function confirmAddressKey(clientIp: string) {
  return `confirm-hour:${clientIp}`;
}

/**
 * A visitor's "Jag var där – det stämmer" for one night, decided in one statement: the row
 * (event_id, occurrence_date, visitor_id) is unique, so a second click of the same visitor on the same
 * night inserts nothing. Only a visitor who has not confirmed that night spends one of the address's
 * hourly confirmations (CONFIRM_ADDRESS_LIMIT, a fixed window in rate_limits), and only within the limit
 * is the row inserted and the event's last_confirmed_at moved to now.
 */
async function recordVisitorConfirmation(
  db: Db,
  input: { eventId: string; occurrenceDate: string; visitorId: string; clientIp: string },
  now: Date,
): Promise<VisitorConfirmResult> {
  const nowIso = now.toISOString();
  const floorIso = new Date(now.getTime() - CONFIRM_ADDRESS_LIMIT.windowMs).toISOString();
  const key = confirmAddressKey(input.clientIp);
  const [row] = await queryRows<{ found: boolean; spent: number | null; confirmed: string | null }>(
    db,
    sql`
      with ev as (select id from events where id = ${input.eventId}),
      quota as (
        insert into rate_limits (key, count, window_start)
        select ${key}, 1, ${nowIso}::timestamptz from ev
        where not exists (
          select 1 from event_confirmations c
          where c.event_id = ev.id and c.occurrence_date = ${input.occurrenceDate}::date
            and c.visitor_id = ${input.visitorId})
        ${countInWindow(floorIso, nowIso)}
      ),
      inserted as (
        insert into event_confirmations (event_id, occurrence_date, visitor_id, confirmed_at)
        select ev.id, ${input.occurrenceDate}::date, ${input.visitorId}, ${nowIso}::timestamptz from ev
        where exists (select 1 from quota where count <= ${CONFIRM_ADDRESS_LIMIT.limit})
        on conflict do nothing
        returning event_id
      ),
      confirmed as (
        update events set last_confirmed_at = greatest(coalesce(last_confirmed_at, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
        where id in (select event_id from inserted)
        returning last_confirmed_at
      )
      select exists (select 1 from ev) as found, (select count from quota) as spent,
        (select last_confirmed_at from confirmed) as confirmed
    `,
  );
  if (!row?.found) return { status: "unknown-event" };
  if (row.confirmed !== null && row.confirmed !== undefined)
    return { status: "accepted", lastConfirmedAt: new Date(row.confirmed).toISOString() };
  if (row.spent !== null && row.spent !== undefined && Number(row.spent) > CONFIRM_ADDRESS_LIMIT.limit) {
    const [limit] = await queryRows<{ window_start: string }>(
      db,
      sql`select window_start from rate_limits where key = ${key}`,
    );
    const resetsAt = new Date(limit?.window_start ?? nowIso).getTime() + CONFIRM_ADDRESS_LIMIT.windowMs;
    return {
      status: "address-limit",
      retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
    };
  }
  return { status: "already" };
}

/**
 * A visitor's confirmation of the night they may confirm at `now` (confirmableOccurrence): "unknown-event"
 * when there is no such event, "outside-window" when no night of it is open for confirmation.
 */
export async function confirmVisit(
  db: Db,
  input: { eventId: string; visitorId: string; clientIp: string },
  now: Date,
): Promise<VisitResult> {
  const event = await findEventViewById(db, input.eventId, now);
  if (!event) return { status: "unknown-event" };
  const night = confirmableOccurrence(ruleOf(event), event.exceptions, now);
  if (!night) return { status: "outside-window" };
  return recordVisitorConfirmation(db, { ...input, occurrenceDate: night.date }, now);
}

/**
 * An admin's "Bekräfta": the listing is true as of now, and visitors' "Det blev inget" about it are dealt with.
 * False when the event does not exist.
 */
export async function confirmEventByAdmin(db: Db, eventId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with confirmed as (
          update events set last_confirmed_at = ${nowIso}::timestamptz where id = ${eventId} returning id
        ),
        resolved as (
          update night_not_held_reports set resolved_at = ${nowIso}::timestamptz
          where event_id in (select id from confirmed) and resolved_at is null returning event_id
        )
        select exists (select 1 from confirmed) as found, (select count(*) from resolved) as resolved`,
  );
  if (row?.found) contentChanged("events");
  return row?.found === true;
}

/** "Bekräfta valda": several events confirmed as of now in one statement; how many existed. */
export async function confirmEventsByAdmin(db: Db, eventIds: string[], now: Date): Promise<number> {
  if (eventIds.length === 0) return 0;
  const nowIso = now.toISOString();
  const [row] = await queryRows<{ confirmed: number }>(
    db,
    sql`with confirmed as (
          update events set last_confirmed_at = ${nowIso}::timestamptz
          where id = any(${`{${eventIds.join(",")}}`}::uuid[]) returning id
        ),
        resolved as (
          update night_not_held_reports set resolved_at = ${nowIso}::timestamptz
          where event_id in (select id from confirmed) and resolved_at is null returning event_id
        )
        select (select count(*) from confirmed)::int as confirmed, (select count(*) from resolved) as resolved`,
  );
  const confirmed = Number(row?.confirmed ?? 0);
  if (confirmed > 0) contentChanged("events");
  return confirmed;
}

/**
 * A host's one-tap "Stämmer": the host vouches for the listing as of now, as an admin's "Bekräfta" does. The
 * caller has checked that they host the event. False when the event does not exist.
 */
export function confirmEventByHost(db: Db, eventId: string, now: Date): Promise<boolean> {
  return confirmEventByAdmin(db, eventId, now);
}

export type StaleEvent = {
  id: string;
  title: string;
  city: string;
  slug: string;
  lastConfirmedAt: string | null;
  openReports: number;
  /** The newest open report about the event: what the admin reads before confirming. */
  latestReport: { id: string; title: string; description: string } | null;
  /** Whether the event has a host (who is asked by mail first). */
  hasHost: boolean;
  /** When a host reported "Quizet har upphört": off the listings until Återställ or Ta bort. */
  endedReportedAt: string | null;
  /** Visitors' open "Det blev inget" reports, and the latest night they name. */
  notHeld: number;
  notHeldNight: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What "Att bekräfta" lists: a listing nobody confirmed for ASK_HOSTS_AFTER_DAYS that has no host to ask (a
 * hosted one is asked by mail then, and listed here when still unconfirmed at UNCONFIRMED_NOTICE_AFTER_DAYS,
 * when visitors see the notice), one with open reports or "Det blev inget", and one a host reported ended.
 */
function staleCondition(now: Date) {
  const askIso = new Date(now.getTime() - ASK_HOSTS_AFTER_DAYS * DAY_MS).toISOString();
  const noticeIso = new Date(now.getTime() - UNCONFIRMED_NOTICE_AFTER_DAYS * DAY_MS).toISOString();
  const since = sql`coalesce(e.last_confirmed_at, e.created_at)`;
  return sql`e.ended_reported_at is not null
    or (${since} <= ${askIso}::timestamptz and not exists (select 1 from event_hosts h where h.event_id = e.id))
    or ${since} <= ${noticeIso}::timestamptz
    or exists (select 1 from reports r where r.event_id = e.id and r.status = 'pending')
    or exists (select 1 from night_not_held_reports n where n.event_id = e.id and n.resolved_at is null)`;
}

/** How many events are stale (the admin list's pages). */
export async function countStaleEvents(db: Db, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from events e where ${staleCondition(now)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Stale events, those reported ended first, then stalest first, the `limit` from `offset` on: the list grows
 * with the directory, so the admin page shows it a page at a time.
 */
export async function listStaleEvents(
  db: Db,
  now: Date,
  { offset = 0, limit }: { offset?: number; limit?: number } = {},
): Promise<StaleEvent[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    city: string;
    slug: string;
    last_confirmed_at: string | Date | null;
    ended_reported_at: string | Date | null;
    open_reports: number | string;
    report_id: string | null;
    report_title: string | null;
    report_description: string | null;
    has_host: boolean;
    not_held: number | string;
    not_held_night: string | Date | null;
  }>(
    db,
    sql`
      select e.id, e.title, e.city, e.slug, e.last_confirmed_at, e.ended_reported_at,
        (select count(*) from reports r where r.event_id = e.id and r.status = 'pending') as open_reports,
        lr.id as report_id, lr.title as report_title, lr.description as report_description,
        exists (select 1 from event_hosts h where h.event_id = e.id) as has_host,
        (select count(*) from night_not_held_reports n where n.event_id = e.id and n.resolved_at is null) as not_held,
        (select max(n.occurrence_date)::text from night_not_held_reports n
          where n.event_id = e.id and n.resolved_at is null) as not_held_night
      from events e
      left join lateral (
        select r.id, r.title, r.description from reports r
        where r.event_id = e.id and r.status = 'pending'
        order by r.created_at desc, r.id desc limit 1
      ) lr on true
      where ${staleCondition(now)}
      order by e.ended_reported_at asc nulls last, coalesce(e.last_confirmed_at, e.created_at) asc, e.title asc, e.id asc
      ${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}
    `,
  );
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    city: r.city,
    slug: r.slug,
    lastConfirmedAt: iso(r.last_confirmed_at),
    openReports: Number(r.open_reports),
    latestReport:
      r.report_id === null
        ? null
        : { id: r.report_id, title: r.report_title ?? "", description: r.report_description ?? "" },
    hasHost: r.has_host === true,
    endedReportedAt: iso(r.ended_reported_at),
    notHeld: Number(r.not_held),
    notHeldNight: r.not_held_night === null ? null : String(r.not_held_night).slice(0, 10),
  }));
}
