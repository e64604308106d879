import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lt, notExists, sql } from "drizzle-orm";
import { events, listRecipients, listSubscriptions } from "~/db/schema";
import { type DbOrTransaction, enqueueMail, lockRecipient } from "~/features/mail/public.server";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { confirmMail, type ListLinks } from "./list-mails";
import { takeFromPersonalFeeds } from "./personal-feed.server";

/** Counted from the latest request for the link. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

export type ListTopic = "event" | "nutidsquiz";

function newToken(): string {
  return randomBytes(24).toString("base64url");
}

const confirmUrl = (token: string) => `${siteOrigin()}/utskick/bekrafta/${token}`;
const unsubscribeUrl = (token: string) => `${siteOrigin()}/utskick/avsluta/${token}`;
const manageUrl = (token: string) => `${siteOrigin()}/utskick/${token}`;

export function listLinks(subscription: { unsubscribeToken: string }, manageToken: string): ListLinks {
  return { unsubscribe: unsubscribeUrl(subscription.unsubscribeToken), manage: manageUrl(manageToken) };
}

function listName(topic: ListTopic, eventTitle: string | null): string {
  return topic === "event"
    ? `påminnelser om quizkvällarna på ${eventTitle ?? "quizet"}`
    : "veckans NutidsQuiz";
}

export type RequestOutcome = { ok: true; mailed: boolean } | { ok: false; reason: "no-event" };

/** Queues the confirmation mail in the same transaction; an address already confirmed gets nothing. */
export async function requestList(
  db: Db,
  input: { email: string; topic: ListTopic; eventId: string | null; feedKey?: string | null },
  now = new Date(),
): Promise<RequestOutcome> {
  return db.transaction(async (tx) => {
    let eventTitle: string | null = null;
    if (input.topic === "event") {
      const [event] = await tx
        .select({ title: events.title })
        .from(events)
        .where(eq(events.id, input.eventId ?? ""));
      if (!event) return { ok: false as const, reason: "no-event" as const };
      eventTitle = event.title;
    }
    // The same lock enqueueMail takes: parallel requests for one address see each other's rows.
    await lockRecipient(tx, input.email);
    await tx
      .insert(listRecipients)
      .values({ email: input.email, manageToken: newToken(), createdAt: now })
      .onConflictDoNothing();
    const sameList = and(
      eq(listSubscriptions.email, input.email),
      eq(listSubscriptions.topic, input.topic),
      input.eventId ? eq(listSubscriptions.eventId, input.eventId) : isNull(listSubscriptions.eventId),
    );
    const [existing] = await tx.select().from(listSubscriptions).where(sameList);
    if (existing?.confirmedAt) return { ok: true as const, mailed: false };
    let token: string;
    if (existing) {
      token = existing.confirmToken ?? newToken();
      await tx
        .update(listSubscriptions)
        .set({ requestedAt: now, confirmToken: token, feedKey: input.feedKey ?? existing.feedKey })
        .where(eq(listSubscriptions.id, existing.id));
    } else {
      token = newToken();
      await tx.insert(listSubscriptions).values({
        email: input.email,
        topic: input.topic,
        eventId: input.eventId,
        feedKey: input.feedKey ?? null,
        confirmToken: token,
        unsubscribeToken: newToken(),
        requestedAt: now,
      });
    }
    const queued = await enqueueMail(
      tx as DbOrTransaction,
      {
        kind: "list-confirm",
        to: input.email,
        ...confirmMail(listName(input.topic, eventTitle), confirmUrl(token)),
      },
      now,
    );
    return { ok: true as const, mailed: queued.accepted };
  });
}

export type ConfirmOutcome =
  | { status: "confirmed" | "already-confirmed"; name: string; manageToken: string }
  | { status: "invalid" | "expired" };

async function subscriptionWithNames(db: DbOrTransaction, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      id: listSubscriptions.id,
      topic: listSubscriptions.topic,
      requestedAt: listSubscriptions.requestedAt,
      confirmedAt: listSubscriptions.confirmedAt,
      eventTitle: events.title,
      manageToken: listRecipients.manageToken,
    })
    .from(listSubscriptions)
    .innerJoin(listRecipients, eq(listRecipients.email, listSubscriptions.email))
    .leftJoin(events, eq(events.id, listSubscriptions.eventId))
    .where(where);
  return row;
}

export async function confirmList(db: Db, token: string, now = new Date()): Promise<ConfirmOutcome> {
  const row = await subscriptionWithNames(db, eq(listSubscriptions.confirmToken, token));
  if (!row) return { status: "invalid" };
  const name = listName(row.topic as ListTopic, row.eventTitle);
  if (row.confirmedAt) return { status: "already-confirmed", name, manageToken: row.manageToken };
  if (row.requestedAt.getTime() + CONFIRM_LINK_TTL_MS < now.getTime()) return { status: "expired" };
  const updated = await db
    .update(listSubscriptions)
    .set({ confirmedAt: now })
    .where(and(eq(listSubscriptions.id, row.id), isNull(listSubscriptions.confirmedAt)))
    .returning({ id: listSubscriptions.id });
  return { status: updated.length ? "confirmed" : "already-confirmed", name, manageToken: row.manageToken };
}

export async function listOfConfirmToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<
  | { status: "pending" | "already-confirmed"; name: string; manageToken: string }
  | { status: "invalid" | "expired" }
> {
  const row = await subscriptionWithNames(db, eq(listSubscriptions.confirmToken, token));
  if (!row) return { status: "invalid" };
  const name = listName(row.topic as ListTopic, row.eventTitle);
  if (row.confirmedAt) return { status: "already-confirmed", name, manageToken: row.manageToken };
  if (row.requestedAt.getTime() + CONFIRM_LINK_TTL_MS < now.getTime()) return { status: "expired" };
  return { status: "pending", name, manageToken: row.manageToken };
}

export async function listOfUnsubscribeToken(db: Db, token: string) {
  const row = await subscriptionWithNames(db, eq(listSubscriptions.unsubscribeToken, token));
  return row
    ? { name: listName(row.topic as ListTopic, row.eventTitle), manageToken: row.manageToken }
    : null;
}

async function dropEmptyRecipients(db: DbOrTransaction, email?: string) {
  await db
    .delete(listRecipients)
    .where(
      and(
        email ? eq(listRecipients.email, email) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(listSubscriptions)
            .where(eq(listSubscriptions.email, listRecipients.email)),
        ),
      ),
    );
}

const endedFollow = { eventId: listSubscriptions.eventId, feedKey: listSubscriptions.feedKey };

/** RFC 8058 one-click. Unknown and used links are answered alike, so unsubscribing twice is harmless. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(listSubscriptions)
      .where(eq(listSubscriptions.unsubscribeToken, token))
      .returning({ email: listSubscriptions.email, ...endedFollow });
    if (removed[0]) await dropEmptyRecipients(tx, removed[0].email);
    await takeFromPersonalFeeds(tx as DbOrTransaction, removed);
    return removed.length > 0;
  });
}

export type ManagedList = {
  id: string;
  name: string;
  eventPath: string | null;
  confirmed: boolean;
};

export async function listsOfRecipient(
  db: Db,
  manageToken: string,
): Promise<{ email: string; lists: ManagedList[] } | null> {
  const [recipient] = await db
    .select({ email: listRecipients.email })
    .from(listRecipients)
    .where(eq(listRecipients.manageToken, manageToken));
  if (!recipient) return null;
  const rows = await db
    .select({
      id: listSubscriptions.id,
      topic: listSubscriptions.topic,
      confirmedAt: listSubscriptions.confirmedAt,
      eventTitle: events.title,
      eventSlug: events.slug,
      eventCity: events.city,
    })
    .from(listSubscriptions)
    .leftJoin(events, eq(events.id, listSubscriptions.eventId))
    .where(eq(listSubscriptions.email, recipient.email))
    .orderBy(asc(listSubscriptions.topic), asc(events.title));
  return {
    email: recipient.email,
    lists: rows.map((row) => ({
      id: row.id,
      name: listName(row.topic as ListTopic, row.eventTitle),
      eventPath: row.eventSlug && row.eventCity ? eventPathOf(row.eventCity, row.eventSlug) : null,
      confirmed: row.confirmedAt !== null,
    })),
  };
}

export async function findFollowedEvent(
  db: Db,
  eventId: string,
): Promise<{ title: string; path: string } | null> {
  const [event] = await db
    .select({ title: events.title, city: events.city, slug: events.slug })
    .from(events)
    .where(eq(events.id, eventId));
  return event ? { title: event.title, path: eventPathOf(event.city, event.slug) } : null;
}

function eventPathOf(city: string, slug: string): string {
  return `/quiz/${cityByName(city)?.slug ?? ""}/${slug}`;
}

/** `null` ends every list and the address too. */
export async function endLists(db: Db, manageToken: string, listId: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ email: listRecipients.email })
      .from(listRecipients)
      .where(eq(listRecipients.manageToken, manageToken));
    if (!recipient) return false;
    const ended = await tx
      .delete(listSubscriptions)
      .where(
        and(
          listId === null ? undefined : eq(listSubscriptions.id, listId),
          eq(listSubscriptions.email, recipient.email),
        ),
      )
      .returning(endedFollow);
    await takeFromPersonalFeeds(tx as DbOrTransaction, ended);
    if (listId === null) {
      await tx.delete(listRecipients).where(eq(listRecipients.email, recipient.email));
      return true;
    }
    await dropEmptyRecipients(tx, recipient.email);
    return true;
  });
}

export async function pruneUnconfirmed(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(listSubscriptions)
      .where(
        and(
          isNull(listSubscriptions.confirmedAt),
          lt(listSubscriptions.requestedAt, new Date(now.getTime() - CONFIRM_LINK_TTL_MS)),
        ),
      )
      .returning({ id: listSubscriptions.id });
    await dropEmptyRecipients(tx);
    return removed.length;
  });
}
