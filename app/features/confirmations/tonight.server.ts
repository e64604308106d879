import { eq, lt, sql } from "drizzle-orm";
import { events, tonightChecks } from "~/db/schema";
import { changeNight } from "~/features/event-nights/public.server";
import { addDays } from "~/features/events/public";
import { eventNightsBetween } from "~/features/events/public.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { isHostOfEvent } from "~/features/hosts/public.server";
import { enqueueMail } from "~/features/mail/public.server";
import { contentChanged } from "~/lib/content-changes.server";
import { type Db, queryRows } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { stockholmDate } from "~/lib/time";
import { eventPageUrl } from "./freshness.server";
import { type TonightAnswer, tonightMail } from "./tonight";
import { signTonightLink, type TonightLink, verifyTonightLink } from "./tonight-token.server";

export const TONIGHT_JOB_NAME = "tonight-check";
/** Daily at 09:00 Stockholm: early enough to cancel in good time, late enough to be read. */
export const TONIGHT_JOB_CRON = "0 9 * * *";
/** A week of claims is kept (a claim only matters on its own day); older ones go at the next run. */
const CHECKS_KEPT_DAYS = 7;
/** Hosts asked per run: a bounded run; the rest are asked when the job is run again that day. */
const HOSTS_PER_RUN = 2000;

const tonightLinkUrl = (token: string) => `${siteOrigin()}/quizvard/ikvall/${token}`;

export type TonightRun = { asked: number; mailed: number };

/**
 * The morning job: each host who chose the morning mail, of each listing with a night today that is not
 * cancelled, is asked "Blir det quiz ikväll?" once. The tonight_checks row (event, date, host) is the claim,
 * inserted in the transaction that queues the mail, so a second run, or another instance, asks nobody twice.
 */
export async function runTonightChecks(db: Db, now = new Date()): Promise<TonightRun> {
  const today = stockholmDate(now);
  await db.delete(tonightChecks).where(lt(tonightChecks.nightDate, addDays(today, -CHECKS_KEPT_DAYS)));
  const hosts = await queryRows<{ event_id: string; user_id: string; email: string }>(
    db,
    sql`select h.event_id, h.user_id, u.email from event_hosts h
        join "user" u on u.id = h.user_id
        join events e on e.id = h.event_id
        where h.morning_mail and e.ended_reported_at is null
          and not exists (select 1 from tonight_checks t
                          where t.event_id = h.event_id and t.night_date = ${today}::date and t.user_id = h.user_id)
        order by h.event_id, u.email
        limit ${HOSTS_PER_RUN}`,
  );
  const run: TonightRun = { asked: 0, mailed: 0 };
  if (!hosts.length) return run;
  const nights = await eventNightsBetween(db, [...new Set(hosts.map((h) => h.event_id))], today, today);
  const tonight = new Map(
    nights.flatMap((event) => {
      const night = event.nights.find((n) => n.date === today && !n.cancelled);
      return night ? [[event.id, { event, night }] as const] : [];
    }),
  );
  for (const host of hosts) {
    const found = tonight.get(host.event_id);
    if (!found) continue;
    const { event, night } = found;
    const linkFor = (answer: TonightAnswer) =>
      tonightLinkUrl(signTonightLink({ answer, eventId: event.id, date: today, userId: host.user_id }));
    const mailed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const claimed = await tx
        .insert(tonightChecks)
        .values({ eventId: event.id, nightDate: today, userId: host.user_id, createdAt: now })
        .onConflictDoNothing()
        .returning({ eventId: tonightChecks.eventId });
      if (!claimed.length) return null;
      const mail = tonightMail({
        title: event.title,
        time: night.time,
        pageUrl: `${siteOrigin()}${event.path}`,
        links: { yes: linkFor("yes"), no: linkFor("no"), settings: `${siteOrigin()}/quizvard` },
      });
      // Queued at the real moment, as every job's mail: `now` decides which nights are today, not when it goes.
      return (await enqueueMail(tx, { kind: "tonight-check", to: host.email, ...mail })).accepted;
    });
    if (mailed === null) continue;
    run.asked++;
    if (mailed) run.mailed++;
  }
  return run;
}

type LinkEvent = { title: string; pageUrl: string; time: string };
type Refusal = "invalid" | "expired" | "not-host" | "gone" | "no-night";

/** What a morning-mail link's page shows before its button is pressed (a GET, which mail scanners make too). */
export type TonightLinkState =
  | { status: "ready" | "already" | "cancelled"; link: TonightLink; event: LinkEvent }
  | { status: Refusal };

/**
 * A link and its night as they are now: "already" when its answer was given (tonight confirmed for a "Ja",
 * cancelled for a "Nej"), "cancelled" when a "Ja" comes after the night was cancelled.
 */
export async function readTonightLink(db: Db, token: string, now: Date): Promise<TonightLinkState> {
  const checked = verifyTonightLink(token, now);
  if (!checked.ok) return { status: checked.reason };
  const { link } = checked;
  const [row] = await queryRows<{ title: string; city: string; slug: string; confirmed: boolean }>(
    db,
    sql`select title, city, slug, tonight_confirmed_on is not distinct from ${link.date}::date as confirmed
        from events where id = ${link.eventId} and ended_reported_at is null`,
  );
  if (!row) return { status: "gone" };
  if (!(await isHostOfEvent(db, link.userId, link.eventId))) return { status: "not-host" };
  const [nights] = await eventNightsBetween(db, [link.eventId], link.date, link.date);
  const onDate = (nights?.nights ?? []).filter((n) => n.date === link.date);
  const first = onDate.find((n) => !n.cancelled) ?? onDate[0];
  if (!first) return { status: "no-night" };
  const event = { title: row.title, pageUrl: eventPageUrl(row), time: first.time };
  const cancelled = first.cancelled;
  if (link.answer === "no") return { status: cancelled ? "already" : "ready", link, event };
  if (cancelled) return { status: "cancelled", link, event };
  return { status: row.confirmed ? "already" : "ready", link, event };
}

export type TonightOutcome =
  | { status: "confirmed" | "cancelled" | "already"; answer: TonightAnswer; event: LinkEvent }
  | { status: "refused-cancelled"; event: LinkEvent }
  | { status: Refusal | "failed" };

/**
 * The button's POST: "Ja" marks the night confirmed for its date and confirms the listing (a new freshness
 * cycle), in one statement that changes nothing the second time; "Nej" cancels the night through the dates
 * editor's own change, in the followers' hook, so they are alerted once, however often it is pressed.
 */
export async function answerTonightLink(
  db: Db,
  token: string,
  note: string | null,
  now: Date,
): Promise<TonightOutcome> {
  const state = await readTonightLink(db, token, now);
  if (!("link" in state)) return { status: state.status };
  const { link, event } = state;
  if (state.status === "already") return { status: "already", answer: link.answer, event };
  if (state.status === "cancelled") return { status: "refused-cancelled", event };
  if (link.answer === "yes") {
    const nowIso = now.toISOString();
    // As the host's "Stämmer": the listing is confirmed now and visitors' open "Det blev inget" are settled.
    const [row] = await queryRows<{ changed: boolean }>(
      db,
      sql`with confirmed as (
            update events set tonight_confirmed_on = ${link.date}::date,
              last_confirmed_at = greatest(coalesce(last_confirmed_at, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
            where id = ${link.eventId} and tonight_confirmed_on is distinct from ${link.date}::date
            returning id
          ),
          resolved as (
            update night_not_held_reports set resolved_at = ${nowIso}::timestamptz
            where event_id in (select id from confirmed) and resolved_at is null returning event_id
          )
          select exists (select 1 from confirmed) as changed, (select count(*) from resolved) as resolved`,
    );
    if (!row?.changed) return { status: "already", answer: "yes", event };
    contentChanged("events");
    return { status: "confirmed", answer: "yes", event };
  }
  const done = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Two taps at once queue here; the second finds the night cancelled and changes nothing.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, link.eventId)).for("update");
    const cancelled = await queryRows(
      tx,
      sql`select 1 from event_exceptions
          where event_id = ${link.eventId} and date = ${link.date}::date and kind = 'cancelled'`,
    );
    if (cancelled.length) return "already" as const;
    const result = await changeNight(
      tx,
      link.eventId,
      { save: { kind: "cancelled", date: link.date, note } },
      { now, aroundChange: withFollowerAlerts, actor: { userId: link.userId, role: "host" } },
    );
    return result.ok ? ("cancelled" as const) : ("failed" as const);
  });
  return done === "failed" ? { status: "failed" } : { status: done, answer: "no", event };
}
