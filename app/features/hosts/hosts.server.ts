import { and, eq } from "drizzle-orm";
import { eventHosts, user } from "~/db/schema";
import type { Db } from "~/lib/db.server";

export type EventHost = { userId: string; name: string; email: string };

/** The people who host an event, in the order they were granted it. */
export async function hostsOfEvent(db: Db, eventId: string): Promise<EventHost[]> {
  return db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(eventHosts)
    .innerJoin(user, eq(user.id, eventHosts.userId))
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(eventHosts.createdAt);
}

/** Whether the user hosts the event: the one host check every host route and action makes on the server. */
export async function isHostOfEvent(db: Db, userId: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: eventHosts.eventId })
    .from(eventHosts)
    .where(and(eq(eventHosts.userId, userId), eq(eventHosts.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}
