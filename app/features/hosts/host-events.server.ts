import { and, asc, eq } from "drizzle-orm";
import { eventHosts, events } from "~/db/schema";
import type { Db } from "~/lib/db.server";

export type HostedEvent = {
  id: string;
  title: string;
  city: string;
  slug: string;
  lastConfirmedAt: string | null;
  /** "Morgonmejl på quizdagar" is on for this host and event. */
  morningMail: boolean;
};

/** The events a user hosts, by title: the host area's list (a host has a handful, never thousands). */
export async function listHostedEvents(db: Db, userId: string): Promise<HostedEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      city: events.city,
      slug: events.slug,
      lastConfirmedAt: events.lastConfirmedAt,
      morningMail: eventHosts.morningMail,
    })
    .from(eventHosts)
    .innerJoin(events, eq(events.id, eventHosts.eventId))
    .where(eq(eventHosts.userId, userId))
    .orderBy(asc(events.title), asc(events.id))
    .limit(100);
  return rows.map((r) => ({ ...r, lastConfirmedAt: r.lastConfirmedAt?.toISOString() ?? null }));
}

/** Turns a host's morning mail for one event on or off; false when the user does not host the event. */
export async function setMorningMail(
  db: Db,
  { eventId, userId, on }: { eventId: string; userId: string; on: boolean },
): Promise<boolean> {
  const rows = await db
    .update(eventHosts)
    .set({ morningMail: on })
    .where(and(eq(eventHosts.eventId, eventId), eq(eventHosts.userId, userId)))
    .returning({ eventId: eventHosts.eventId });
  return rows.length > 0;
}
