import { and, count, desc, eq } from "drizzle-orm";
import { eventChanges, eventExceptions, events, user } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { EventActor } from "./event-actor";
import type { FieldChange, JsonValue, NightKind } from "./event-history";

/** In the transaction of the change itself. */
export async function recordEventChanges(
  tx: Db,
  eventId: string,
  actor: EventActor,
  changes: readonly FieldChange[],
  now: Date,
  undoOf: string | null = null,
): Promise<void> {
  if (!changes.length) return;
  await tx.insert(eventChanges).values(
    changes.map((c) => ({
      eventId,
      actorId: actor.userId,
      actorRole: actor.role,
      field: c.field,
      before: c.before,
      after: c.after,
      undoOf,
      createdAt: now,
    })),
  );
}

export type EventChangeView = {
  id: string;
  eventId: string;
  field: string;
  before: JsonValue;
  after: JsonValue;
  actorRole: EventActor["role"];
  /** Null for the system or a removed account. */
  actorName: string | null;
  actorEmail: string | null;
  createdAt: string;
  undoneAt: string | null;
  undoOf: string | null;
};

export type RecentChangeView = EventChangeView & { eventTitle: string };

const changeColumns = {
  id: eventChanges.id,
  eventId: eventChanges.eventId,
  field: eventChanges.field,
  before: eventChanges.before,
  after: eventChanges.after,
  actorRole: eventChanges.actorRole,
  actorName: user.name,
  actorEmail: user.email,
  createdAt: eventChanges.createdAt,
  undoneAt: eventChanges.undoneAt,
  undoOf: eventChanges.undoOf,
};

type ChangeRow = {
  [K in keyof typeof changeColumns]: unknown;
} & { id: string; eventId: string; field: string; createdAt: Date; undoneAt: Date | null };

function toChangeView(row: ChangeRow): EventChangeView {
  return {
    id: row.id,
    eventId: row.eventId,
    field: row.field,
    before: (row.before ?? null) as JsonValue,
    after: (row.after ?? null) as JsonValue,
    actorRole: row.actorRole as EventActor["role"],
    actorName: (row.actorName as string | null) ?? null,
    actorEmail: (row.actorEmail as string | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoOf: (row.undoOf as string | null) ?? null,
  };
}

export async function countEventChanges(db: Db, eventId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(eventChanges).where(eq(eventChanges.eventId, eventId));
  return Number(row?.n ?? 0);
}

export async function listEventChanges(
  db: Db,
  eventId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<EventChangeView[]> {
  const rows = await db
    .select(changeColumns)
    .from(eventChanges)
    .leftJoin(user, eq(user.id, eventChanges.actorId))
    .where(eq(eventChanges.eventId, eventId))
    .orderBy(desc(eventChanges.createdAt), desc(eventChanges.id))
    .offset(offset)
    .limit(limit);
  return rows.map(toChangeView);
}

export async function listRecentChanges(db: Db, limit: number): Promise<RecentChangeView[]> {
  const rows = await db
    .select({ ...changeColumns, eventTitle: events.title })
    .from(eventChanges)
    .innerJoin(events, eq(events.id, eventChanges.eventId))
    .leftJoin(user, eq(user.id, eventChanges.actorId))
    .orderBy(desc(eventChanges.createdAt), desc(eventChanges.id))
    .limit(limit);
  return rows.map((row) => ({ ...toChangeView(row), eventTitle: row.eventTitle }));
}

export async function nightValue(db: Db, eventId: string, kind: NightKind, date: string): Promise<JsonValue> {
  const [row] = await db
    .select({ time: eventExceptions.time, note: eventExceptions.note, endDate: eventExceptions.endDate })
    .from(eventExceptions)
    .where(
      and(
        eq(eventExceptions.eventId, eventId),
        eq(eventExceptions.date, date),
        eq(eventExceptions.kind, kind),
      ),
    );
  if (!row) return null;
  if (kind === "break") return { to: row.endDate ?? date, note: row.note };
  return kind === "cancelled" ? { note: row.note } : { time: row.time ?? "", note: row.note };
}
