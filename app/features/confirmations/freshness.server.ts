import { sql } from "drizzle-orm";
import { hostsOfEvent } from "~/features/hosts/public.server";
import { type DbOrTransaction, enqueueMail } from "~/features/mail/public.server";
import { cityByName } from "~/lib/cities";
import { contentChanged } from "~/lib/content-changes.server";
import { type Db, queryRows } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { freshnessCheckCutoff } from "./freshness";
import { freshnessMail } from "./freshness-mails";
import { type FreshnessLink, signFreshnessLink, verifyFreshnessLink } from "./freshness-token.server";

export const FRESHNESS_JOB_NAME = "freshness-check";
/** Daily at 10:00 Stockholm: a mail a host reads during the day, away from the other jobs' minutes. */
export const FRESHNESS_JOB_CRON = "0 10 * * *";
/** Events asked per run: a bounded run; what is left is asked the next day. */
const EVENTS_PER_RUN = 500;

const toDate = (value: string | Date) => new Date(value);

/** An event's page address. */
export function eventPageUrl(event: { city: string; slug: string }): string {
  return `${siteOrigin()}/quiz/${cityByName(event.city)?.slug ?? ""}/${event.slug}`;
}

/** The host area's page for one event: "Ändra" (sign-in required there). */
export function hostEditUrl(eventId: string): string {
  return `${siteOrigin()}/quizvard/${eventId}`;
}

function freshnessLinkUrl(token: string): string {
  return `${siteOrigin()}/quizvard/stammer/${token}`;
}

export type FreshnessRun = { asked: number; mailed: number; withoutHost: number };

/**
 * The daily freshness job: every listing whose cycle (its last confirmation, or its creation if never)
 * started ASK_HOSTS_AFTER_DAYS or more ago and has not been asked about is asked once. The question is a
 * freshness_checks row (event, cycle) whose primary key lets one run on one instance claim it; the mails to
 * the event's hosts are queued in the claim's transaction, so a question is recorded exactly when its mails
 * are. An event without a host is recorded with mailed = 0: the admin's "Att bekräfta" lists it.
 */
export async function runFreshnessChecks(db: Db, now = new Date()): Promise<FreshnessRun> {
  const cutoff = freshnessCheckCutoff(now).toISOString();
  const due = await queryRows<{
    id: string;
    title: string;
    city: string;
    slug: string;
    cycle: string | Date;
  }>(
    db,
    sql`select e.id, e.title, e.city, e.slug, coalesce(e.last_confirmed_at, e.created_at) as cycle
        from events e
        where e.ended_reported_at is null
          and coalesce(e.last_confirmed_at, e.created_at) <= ${cutoff}::timestamptz
          and not exists (select 1 from freshness_checks f
                          where f.event_id = e.id and f.cycle = coalesce(e.last_confirmed_at, e.created_at))
        order by cycle asc, e.id asc
        limit ${EVENTS_PER_RUN}`,
  );
  const run: FreshnessRun = { asked: 0, mailed: 0, withoutHost: 0 };
  for (const event of due) {
    const cycle = toDate(event.cycle);
    const mailed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const claimed = await queryRows(
        tx,
        sql`insert into freshness_checks (event_id, cycle, created_at)
            values (${event.id}, ${cycle.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
            on conflict do nothing returning event_id`,
      );
      if (claimed.length === 0) return null;
      // Sorted, so two transactions that mail the same people take their locks in one order.
      const hosts = (await hostsOfEvent(tx, event.id)).sort((a, b) => a.email.localeCompare(b.email));
      const links = {
        confirm: freshnessLinkUrl(signFreshnessLink({ purpose: "confirm", eventId: event.id, cycle }, now)),
        ended: freshnessLinkUrl(signFreshnessLink({ purpose: "ended", eventId: event.id, cycle }, now)),
        edit: hostEditUrl(event.id),
      };
      const mail = freshnessMail({
        title: event.title,
        pageUrl: eventPageUrl(event),
        lastConfirmedAt: cycle,
        links,
      });
      let queued = 0;
      for (const host of hosts) {
        if (
          (await enqueueMail(tx as DbOrTransaction, { kind: "freshness-check", to: host.email, ...mail }))
            .accepted
        )
          queued++;
      }
      await tx.execute(
        sql`update freshness_checks set mailed = ${queued} where event_id = ${event.id} and cycle = ${cycle.toISOString()}::timestamptz`,
      );
      return { hosts: hosts.length, queued };
    });
    if (!mailed) continue;
    run.asked++;
    run.mailed += mailed.queued;
    if (mailed.hosts === 0) run.withoutHost++;
  }
  return run;
}

/** What a freshness link's page shows before its button is pressed. */
export type FreshnessLinkState =
  | { status: "ready"; link: FreshnessLink; event: { title: string; pageUrl: string } }
  | { status: "invalid" | "expired" | "used" | "gone" };

/**
 * Reads a link without acting on it (a GET, which mail scanners also make): invalid (tampered or not ours),
 * expired, used (the mail's question was answered, or the listing was confirmed since: a new cycle), or gone
 * (the event was deleted).
 */
export async function readFreshnessLink(db: Db, token: string, now: Date): Promise<FreshnessLinkState> {
  const checked = verifyFreshnessLink(token, now);
  if (!checked.ok) return { status: checked.reason };
  const { link } = checked;
  const [row] = await queryRows<{ title: string; city: string; slug: string; open: boolean | null }>(
    db,
    sql`select e.title, e.city, e.slug,
          (select f.answered_at is null from freshness_checks f
           where f.event_id = e.id and f.cycle = ${link.cycle.toISOString()}::timestamptz) as open
        from events e where e.id = ${link.eventId}`,
  );
  if (!row) return { status: "gone" };
  if (row.open !== true) return { status: "used" };
  return { status: "ready", link, event: { title: row.title, pageUrl: eventPageUrl(row) } };
}

export type FreshnessAnswer =
  | { status: "confirmed" | "ended"; event: { title: string; pageUrl: string } }
  | { status: "invalid" | "expired" | "used" | "gone" };

/**
 * Answers the mail's question with the link's purpose, once: one statement marks the question answered (only
 * if it is still open) and, in the same statement, confirms the listing (last_confirmed_at = now, which
 * starts a new cycle) or takes it off the listings (ended_reported_at = now). A second use of any link of the
 * same mail finds the question answered: "used".
 */
export async function answerFreshnessLink(db: Db, token: string, now: Date): Promise<FreshnessAnswer> {
  const checked = verifyFreshnessLink(token, now);
  if (!checked.ok) return { status: checked.reason };
  const { link } = checked;
  const nowIso = now.toISOString();
  const answer = link.purpose === "confirm" ? "confirmed" : "ended";
  const [row] = await queryRows<{
    found: boolean;
    title: string | null;
    city: string | null;
    slug: string | null;
  }>(
    db,
    sql`with answered as (
          update freshness_checks set answer = ${answer}, answered_at = ${nowIso}::timestamptz
          where event_id = ${link.eventId} and cycle = ${link.cycle.toISOString()}::timestamptz and answered_at is null
          returning event_id
        ),
        changed as (
          update events set
            last_confirmed_at = case when ${answer} = 'confirmed'
              then greatest(coalesce(last_confirmed_at, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
              else last_confirmed_at end,
            ended_reported_at = case when ${answer} = 'ended' then ${nowIso}::timestamptz else ended_reported_at end
          where id in (select event_id from answered)
          returning title, city, slug
        )
        select exists (select 1 from events where id = ${link.eventId}) as found,
          (select title from changed) as title, (select city from changed) as city, (select slug from changed) as slug`,
  );
  if (!row?.found) return { status: "gone" };
  if (!row.title || !row.city || !row.slug) return { status: "used" };
  // Both change what pages show: the confirmed line and the 120-day notice, or the listings themselves.
  contentChanged("events");
  return {
    status: answer,
    event: { title: row.title, pageUrl: eventPageUrl({ city: row.city, slug: row.slug }) },
  };
}

/** An admin's "Återställ": the event is listed again and counts as confirmed now. False when not reported. */
export async function restoreEndedEvent(db: Db, eventId: string, now: Date): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update events set ended_reported_at = null, last_confirmed_at = ${now.toISOString()}::timestamptz
        where id = ${eventId} and ended_reported_at is not null returning id`,
  );
  if (rows.length) contentChanged("events");
  return rows.length > 0;
}

/** An event a host reported ended, by city and slug (its page says so instead of a 404); or null. */
export async function findEndedEvent(
  db: Db,
  city: string,
  slug: string,
): Promise<{ title: string; endedReportedAt: string } | null> {
  const [row] = await queryRows<{ title: string; ended_reported_at: string | Date }>(
    db,
    sql`select title, ended_reported_at from events
        where city = ${city} and slug = ${slug} and ended_reported_at is not null`,
  );
  return row ? { title: row.title, endedReportedAt: toDate(row.ended_reported_at).toISOString() } : null;
}
