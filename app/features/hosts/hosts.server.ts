import { and, eq } from "drizzle-orm";
import { eventHosts, events, user } from "~/db/schema";
import { enqueueMail } from "~/features/mail/public.server";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { hostRemovedMail } from "./host-mails";

export type EventHost = { userId: string; name: string; email: string; since: Date };

export async function hostsOfEvent(db: Db, eventId: string): Promise<EventHost[]> {
  return db
    .select({ userId: user.id, name: user.name, email: user.email, since: eventHosts.createdAt })
    .from(eventHosts)
    .innerJoin(user, eq(user.id, eventHosts.userId))
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(eventHosts.createdAt);
}

/** The one host check every host route and action makes on the server. */
export async function isHostOfEvent(db: Db, userId: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: eventHosts.eventId })
    .from(eventHosts)
    .where(and(eq(eventHosts.userId, userId), eq(eventHosts.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the user hosts any event (pages for every host, such as the news round). */
export async function hostsAnyEvent(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: eventHosts.eventId })
    .from(eventHosts)
    .where(eq(eventHosts.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** The mail is queued in the same transaction; null when the user did not host the event. */
export async function removeHost(
  db: Db,
  { eventId, userId }: { eventId: string; userId: string },
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<{ name: string } | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [removed] = await tx
      .delete(eventHosts)
      .where(and(eq(eventHosts.eventId, eventId), eq(eventHosts.userId, userId)))
      .returning({ userId: eventHosts.userId });
    if (!removed) return null;
    const [host] = await tx
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    const [event] = await tx
      .select({ title: events.title, city: events.city, slug: events.slug })
      .from(events)
      .where(eq(events.id, eventId));
    if (host && event) {
      const url = new URL(`/quiz/${cityByName(event.city)?.slug ?? ""}/${event.slug}`, publicUrl).toString();
      await enqueueMail(
        tx,
        { kind: "host-removed", to: host.email, ...hostRemovedMail(event.title, url) },
        now,
      );
    }
    return { name: host?.name ?? "" };
  });
}
