import { and, eq } from "drizzle-orm";
import { eventExceptions, events } from "~/db/schema";
import { contentChanged } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { type JsonValue, nightField, sameValue } from "../event-history";
import { ruleOf, toEventView } from "../event-view";
import { listExceptionsByEvent } from "../events.server";
import { occurrencesOn } from "../occurrences";
import type { EventActor } from "./event-actor";
import type { ExceptionInput } from "./event-exception-rules";
import { nightValue, recordEventChanges } from "./event-history.server";

export type ExceptionResult = { ok: true } | { ok: false; status: 400 | 404; error: string };

/**
 * Cancels a night or adds a one-off one. A cancellation must hit a night the event has; an extra night must
 * not already be one. Saving the same date and kind again replaces its note (and time). A change is recorded
 * in the history as the field "cancelled:{date}" or "extra:{date}".
 */
export async function saveException(
  db: Db,
  eventId: string,
  input: ExceptionInput,
  actor: EventActor,
  now = new Date(),
): Promise<ExceptionResult> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row) return { ok: false, status: 404, error: "Eventet finns inte" };
  const existing = (await listExceptionsByEvent(db, [eventId])).get(eventId) ?? [];
  const view = toEventView(row, now, new Map(), existing);
  const ruleNights = occurrencesOn(ruleOf(view), [], input.date);
  const extraNight = existing.some((e) => e.kind === "extra" && e.date === input.date);
  if (input.kind === "cancelled" && !ruleNights.length && !extraNight)
    return { ok: false, status: 400, error: "Quizet går inte det datumet" };
  if (input.kind === "extra" && ruleNights.some((n) => n.time === input.time))
    return { ok: false, status: 400, error: "Quizet går redan det datumet" };
  const time = input.kind === "extra" ? input.time : null;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await nightValue(tx, eventId, input.kind, input.date);
    await tx
      .insert(eventExceptions)
      .values({ eventId, date: input.date, kind: input.kind, time, note: input.note })
      .onConflictDoUpdate({
        target: [eventExceptions.eventId, eventExceptions.date, eventExceptions.kind],
        set: { time, note: input.note },
      });
    const after: JsonValue =
      input.kind === "extra" ? { time: input.time, note: input.note } : { note: input.note };
    if (!sameValue(before, after))
      await recordEventChanges(
        tx,
        eventId,
        actor,
        [{ field: nightField(input.kind, input.date), before, after }],
        now,
      );
  });
  contentChanged("events");
  return { ok: true };
}

/** Removes a cancellation or an extra night; false when there was none. The removal is recorded. */
export async function removeException(
  db: Db,
  eventId: string,
  date: string,
  kind: "cancelled" | "extra",
  actor: EventActor,
  now = new Date(),
) {
  const removed = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await nightValue(tx, eventId, kind, date);
    const rows = await tx
      .delete(eventExceptions)
      .where(
        and(
          eq(eventExceptions.eventId, eventId),
          eq(eventExceptions.date, date),
          eq(eventExceptions.kind, kind),
        ),
      )
      .returning({ id: eventExceptions.id });
    if (rows.length)
      await recordEventChanges(
        tx,
        eventId,
        actor,
        [{ field: nightField(kind, date), before, after: null }],
        now,
      );
    return rows;
  });
  if (removed.length) contentChanged("events");
  return removed.length > 0;
}
