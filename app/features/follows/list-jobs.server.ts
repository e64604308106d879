import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import { events, listQuizIssues, listRecipients, listReminders, listSubscriptions } from "~/db/schema";
import { eventNightsBetween, type Occurrence } from "~/features/events/public.server";
import { type DbOrTransaction, enqueueMail } from "~/features/mail/public.server";
import { listWeeklyQuizzesPublishedSince } from "~/features/quizzes/public.server";
import type { Db } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { formatWeekdayDate, fromStockholm, stockholmDate } from "~/lib/time";
import { quizIssueMail, reminderMail } from "./list-mails";
import { leaguesBySubscription } from "./subscription-leagues.server";
import { listLinks, pruneUnconfirmed } from "./subscriptions.server";

export const LIST_MAIL_JOB_NAME = "list-mail";
export const LIST_MAIL_CRON = "*/5 * * * *";

const HOUR_MS = 60 * 60_000;
const REMINDER_HOUR = 12;
const REMINDER_LEAD_MS = 2 * HOUR_MS;
/** Older quizzes are not mailed (a restore, or the first run after an upgrade). */
const QUIZ_ISSUE_FRESH_MS = 2 * 24 * HOUR_MS;

/** 12:00 on its day, or two hours before its start if that is earlier. */
function reminderDueAt(night: Pick<Occurrence, "date" | "start">): Date {
  const [year, month, day] = night.date.split("-").map(Number) as [number, number, number];
  const noon = fromStockholm(year, month, day, REMINDER_HOUR, 0).getTime();
  return new Date(Math.min(noon, night.start.getTime() - REMINDER_LEAD_MS));
}

const confirmedEventFollows = and(
  eq(listSubscriptions.topic, "event"),
  isNotNull(listSubscriptions.confirmedAt),
);

/** Each once: the list_reminders claim is inserted in the transaction that queues the mail. */
async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  const today = stockholmDate(now);
  // A quiz reported as ended is off the site until it is confirmed again: nobody is reminded of it.
  const followed = await db
    .selectDistinct({ eventId: listSubscriptions.eventId })
    .from(listSubscriptions)
    .innerJoin(events, eq(events.id, listSubscriptions.eventId))
    .where(and(confirmedEventFollows, isNull(events.endedReportedAt)));
  const eventIds = followed.map((f) => f.eventId).filter((id): id is string => id !== null);
  const nights = await eventNightsBetween(db, eventIds, today, today);
  let sent = 0;
  for (const event of nights) {
    const due = event.nights.filter(
      (n) => !n.cancelled && reminderDueAt(n).getTime() <= now.getTime() && n.start.getTime() > now.getTime(),
    );
    const night = due[0];
    if (!night) continue;
    const followers = await db
      .select({
        id: listSubscriptions.id,
        email: listSubscriptions.email,
        unsubscribeToken: listSubscriptions.unsubscribeToken,
        manageToken: listRecipients.manageToken,
      })
      .from(listSubscriptions)
      .innerJoin(listRecipients, eq(listRecipients.email, listSubscriptions.email))
      .where(
        and(
          confirmedEventFollows,
          eq(listSubscriptions.eventId, event.id),
          notExists(
            db
              .select({ one: sql`1` })
              .from(listReminders)
              .where(
                and(
                  eq(listReminders.subscriptionId, listSubscriptions.id),
                  eq(listReminders.occurrenceDate, today),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(listSubscriptions.email));
    for (const follower of followers) {
      const mailed = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(listReminders)
          .values({ subscriptionId: follower.id, occurrenceDate: today, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: listReminders.subscriptionId });
        if (!claimed.length) return false;
        const mail = reminderMail(
          {
            title: event.title,
            location: event.location,
            streetAddress: event.streetAddress,
            city: event.city,
            mapUrl: event.mapUrl,
            url: `${siteOrigin()}${event.path}`,
          },
          { weekdayDate: formatWeekdayDate(night.start), time: night.time },
          listLinks(follower, follower.manageToken),
        );
        return (
          await enqueueMail(tx as DbOrTransaction, { kind: "event-reminder", to: follower.email, ...mail })
        ).accepted;
      });
      if (mailed) sent++;
    }
  }
  return sent;
}

/** In one transaction with the row that records it was mailed. */
async function sendQuizIssue(db: Db, now = new Date()): Promise<number> {
  const fresh = await listWeeklyQuizzesPublishedSince(db, new Date(now.getTime() - QUIZ_ISSUE_FRESH_MS), now);
  if (!fresh.length) return 0;
  const mailed = await db
    .select({ quizId: listQuizIssues.quizId })
    .from(listQuizIssues)
    .where(
      inArray(
        listQuizIssues.quizId,
        fresh.map((q) => q.id),
      ),
    );
  const quiz = fresh.find((q) => !mailed.some((m) => m.quizId === q.id));
  if (!quiz) return 0;
  return db.transaction(async (tx) => {
    const subscribers = await tx
      .select({
        id: listSubscriptions.id,
        email: listSubscriptions.email,
        unsubscribeToken: listSubscriptions.unsubscribeToken,
        manageToken: listRecipients.manageToken,
      })
      .from(listSubscriptions)
      .innerJoin(listRecipients, eq(listRecipients.email, listSubscriptions.email))
      .where(and(eq(listSubscriptions.topic, "nutidsquiz"), isNotNull(listSubscriptions.confirmedAt)))
      .orderBy(asc(listSubscriptions.email));
    const claimed = await tx
      .insert(listQuizIssues)
      .values({ quizId: quiz.id, mailedAt: now, recipients: subscribers.length })
      .onConflictDoNothing()
      .returning({ id: listQuizIssues.quizId });
    if (!claimed.length) return 0;
    let sent = 0;
    const playUrl = `${siteOrigin()}/veckans-nutidsquiz/spela/${quiz.id}`;
    const leagues = await leaguesBySubscription(tx);
    for (const subscriber of subscribers) {
      const mail = quizIssueMail(
        { title: quiz.title, playUrl },
        listLinks(subscriber, subscriber.manageToken),
        (leagues.get(subscriber.id) ?? []).map((l) => ({
          name: l.name,
          url: `${siteOrigin()}/veckans-nutidsquiz/liga/${l.code}`,
        })),
      );
      const queued = await enqueueMail(tx as DbOrTransaction, {
        kind: "nutidsquiz-issue",
        to: subscriber.email,
        ...mail,
      });
      if (queued.accepted) sent++;
    }
    return sent;
  });
}

export async function runListMail(db: Db, now = new Date()) {
  return {
    reminders: await sendDueReminders(db, now),
    quizIssue: await sendQuizIssue(db, now),
    pruned: await pruneUnconfirmed(db, now),
    // A reminder's claim matters only on its day: older ones go, so the table holds about a day of nights.
    forgotten: (
      await db
        .delete(listReminders)
        .where(lt(listReminders.occurrenceDate, stockholmDate(new Date(now.getTime() - 2 * 24 * HOUR_MS))))
        .returning({ id: listReminders.subscriptionId })
    ).length,
  };
}
