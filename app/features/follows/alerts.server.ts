import { and, asc, eq, isNotNull } from "drizzle-orm";
import { events, listRecipients, listSubscriptions } from "~/db/schema";
import { addDays } from "~/features/events/public";
import { eventNightsBetween, type Occurrence } from "~/features/events/public.server";
import { type DbOrTransaction, enqueueMail } from "~/features/mail/public.server";
import type { Db } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { formatWeekdayDate, stockholmDate } from "~/lib/time";
import { alertMail, type NightChange } from "./list-mails";
import { listLinks } from "./subscriptions.server";

/** How far ahead a changed night is worth an alert: the month a follower plans for. */
const ALERT_HORIZON_DAYS = 28;

const nightKey = (n: Pick<Occurrence, "date" | "time">) => `${n.date} ${n.time}`;
const lineOf = (n: Occurrence) => ({ weekdayDate: formatWeekdayDate(n.start), time: n.time });

/**
 * What changed between two views of an event's coming nights: cancelled, no longer on the schedule, new,
 * and cancelled nights that take place again. Nights that started before `now` are ignored.
 */
function diffNights(before: Occurrence[], after: Occurrence[], now: Date): NightChange[] {
  const upcoming = (list: Occurrence[]) => list.filter((n) => n.start.getTime() > now.getTime());
  const beforeByKey = new Map(upcoming(before).map((n) => [nightKey(n), n]));
  const afterByKey = new Map(upcoming(after).map((n) => [nightKey(n), n]));
  const changes: { at: number; change: NightChange }[] = [];
  for (const [key, was] of beforeByKey) {
    const is = afterByKey.get(key);
    if (!is) {
      if (!was.cancelled)
        changes.push({ at: was.start.getTime(), change: { kind: "removed", night: lineOf(was) } });
    } else if (!was.cancelled && is.cancelled) {
      changes.push({
        at: is.start.getTime(),
        change: { kind: "cancelled", night: lineOf(is), note: is.note },
      });
    } else if (was.cancelled && !is.cancelled) {
      changes.push({ at: is.start.getTime(), change: { kind: "restored", night: lineOf(is) } });
    }
  }
  for (const [key, is] of afterByKey) {
    if (!beforeByKey.has(key) && !is.cancelled)
      changes.push({ at: is.start.getTime(), change: { kind: "added", night: lineOf(is) } });
  }
  return changes.sort((a, b) => a.at - b.at).map((c) => c.change);
}

async function followersOf(db: DbOrTransaction, eventId: string) {
  return db
    .select({
      email: listSubscriptions.email,
      unsubscribeToken: listSubscriptions.unsubscribeToken,
      manageToken: listRecipients.manageToken,
    })
    .from(listSubscriptions)
    .innerJoin(listRecipients, eq(listRecipients.email, listSubscriptions.email))
    .where(
      and(
        eq(listSubscriptions.topic, "event"),
        eq(listSubscriptions.eventId, eventId),
        isNotNull(listSubscriptions.confirmedAt),
      ),
    )
    .orderBy(asc(listSubscriptions.email));
}

/**
 * Runs a change to an event's nights (a cancelled date, an edit of its times) and, in the same transaction,
 * queues an alert to each confirmed follower for the nights of the next four weeks it changed. An event
 * nobody follows costs one indexed read and its change runs as it would without the hook. The change's own
 * result is returned as it was.
 */
export async function withFollowerAlerts<T>(
  db: Db,
  eventId: string,
  now: Date,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  // Nobody follows it: the change runs exactly as it would without this hook.
  if (!(await followersOf(db, eventId)).length) return change(db);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Parallel changes to one event queue one after the other, each diffing what the last one left.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
    const followers = await followersOf(tx, eventId);
    const from = stockholmDate(now);
    const to = addDays(from, ALERT_HORIZON_DAYS);
    const [before] = await eventNightsBetween(tx, [eventId], from, to);
    const result = await change(tx);
    const [after] = await eventNightsBetween(tx, [eventId], from, to);
    if (!before || !after) return result;
    const changes = diffNights(before.nights, after.nights, now);
    if (!changes.length) return result;
    const event = { title: after.title, url: `${siteOrigin()}${after.path}` };
    for (const follower of followers) {
      const mail = alertMail(event, changes, listLinks(follower, follower.manageToken));
      // Queued at the moment it is queued: `now` decides what changed, the outbox when it goes.
      await enqueueMail(tx, { kind: "event-alert", to: follower.email, ...mail });
    }
    return result;
  });
}
