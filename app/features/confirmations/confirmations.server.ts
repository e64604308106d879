import { sql } from "drizzle-orm";
import { ruleOf } from "~/features/events/public";
import { findEventViewById } from "~/features/events/public.server";
import { contentChanged } from "~/lib/content-changes.server";
import { type Db, queryRows } from "~/lib/db.server";
import { countInWindow } from "~/lib/rate-limit.server";
import { CONFIRM_ADDRESS_LIMIT, confirmableOccurrence, STALE_AFTER_DAYS } from "./confirmations";

export type VisitorConfirmResult =
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
export async function recordVisitorConfirmation(
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

/** An admin's "Bekräfta": the listing is true as of now. False when the event does not exist. */
export async function confirmEventByAdmin(db: Db, eventId: string, now: Date): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update events set last_confirmed_at = ${now.toISOString()}::timestamptz where id = ${eventId} returning id`,
  );
  if (rows.length) contentChanged("events");
  return rows.length > 0;
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
};

/** What makes an event stale: nobody has confirmed it for STALE_AFTER_DAYS, or it has open (pending) reports. */
function staleCondition(now: Date) {
  const cutoffIso = new Date(now.getTime() - STALE_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return sql`e.last_confirmed_at is null or e.last_confirmed_at < ${cutoffIso}::timestamptz
    or exists (select 1 from reports r where r.event_id = e.id and r.status = 'pending')`;
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
 * Stale events, stalest first (never confirmed before everything else), the `limit` from `offset` on: the
 * list grows with the directory, so the admin page shows it a page at a time.
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
    open_reports: number | string;
    report_id: string | null;
    report_title: string | null;
    report_description: string | null;
  }>(
    db,
    sql`
      select e.id, e.title, e.city, e.slug, e.last_confirmed_at,
        (select count(*) from reports r where r.event_id = e.id and r.status = 'pending') as open_reports,
        lr.id as report_id, lr.title as report_title, lr.description as report_description
      from events e
      left join lateral (
        select r.id, r.title, r.description from reports r
        where r.event_id = e.id and r.status = 'pending'
        order by r.created_at desc, r.id desc limit 1
      ) lr on true
      where ${staleCondition(now)}
      order by e.last_confirmed_at asc nulls first, e.title asc, e.id asc
      ${limit === undefined ? sql`` : sql`limit ${limit}`} offset ${offset}
    `,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    city: r.city,
    slug: r.slug,
    lastConfirmedAt: r.last_confirmed_at === null ? null : new Date(r.last_confirmed_at).toISOString(),
    openReports: Number(r.open_reports),
    latestReport:
      r.report_id === null
        ? null
        : { id: r.report_id, title: r.report_title ?? "", description: r.report_description ?? "" },
  }));
}
