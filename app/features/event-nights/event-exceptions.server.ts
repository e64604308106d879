import { and, eq } from "drizzle-orm";
import { eventExceptions, events } from "~/db/schema";
import {
  type EventActor,
  type FieldChange,
  type NightKind,
  nightField,
  sameValue,
} from "~/features/event-history/public";
import { nightValue, recordEventChanges } from "~/features/event-history/public.server";
import { ruleOf, toEventBase } from "~/features/events/public";
import { listExceptionsByEvent } from "~/features/events/public.server";
import { AppError } from "~/lib/app-error";
import { contentChanged } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { stockholmDate } from "~/lib/time";
import {
  checkDateChanges,
  type DateChanges,
  type ExceptionInput,
  isEmptyDateChanges,
} from "./event-exception-rules";

export type ExceptionResult = { ok: true } | { ok: false; error: AppError };

/** All or none, in the caller's transaction: a refusal by `checkDateChanges` writes nothing. */
export async function applyDateChanges(
  db: Db,
  eventId: string,
  changes: DateChanges,
  actor: EventActor,
  now = new Date(),
): Promise<ExceptionResult> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).for("update");
  if (!row) return { ok: false, error: new AppError("not-found", { message: "Eventet finns inte" }) };
  const existing = (await listExceptionsByEvent(db, [eventId])).get(eventId) ?? [];
  const rule = ruleOf(toEventBase(row, new Map(), existing));
  const refused = checkDateChanges(rule, existing, changes, stockholmDate(now));
  if (refused) {
    const message = Object.values(refused)[0] ?? "Ogiltig ändring";
    return { ok: false, error: new AppError("bad-request", { message, fieldErrors: refused }) };
  }
  if (isEmptyDateChanges(changes)) return { ok: true };
  // Each night's value before, so the history records what each change did.
  const touched: { kind: NightKind; date: string }[] = [
    ...changes.remove,
    ...changes.breaks.map((b) => ({ kind: "break" as const, date: b.from })),
    ...changes.cancel.map((c) => ({ kind: "cancelled" as const, date: c.date })),
    ...changes.extra.map((x) => ({ kind: "extra" as const, date: x.date })),
  ];
  const before = await Promise.all(touched.map((n) => nightValue(db, eventId, n.kind, n.date)));
  for (const r of changes.remove) await deleteException(db, eventId, r.date, r.kind);
  const values: (typeof eventExceptions.$inferInsert & { time: string | null; note: string | null })[] = [
    ...changes.breaks.map((b) => ({
      eventId,
      date: b.from,
      kind: "break",
      time: null,
      note: b.note,
      endDate: b.to,
    })),
    ...changes.cancel.map((c) => ({
      eventId,
      date: c.date,
      kind: "cancelled",
      time: null,
      note: c.note,
      endDate: null,
    })),
    ...changes.extra.map((x) => ({
      eventId,
      date: x.date,
      kind: "extra",
      time: x.time,
      note: x.note ?? null,
      endDate: null,
    })),
  ];
  for (const value of values)
    await db
      .insert(eventExceptions)
      .values(value)
      .onConflictDoUpdate({
        target: [eventExceptions.eventId, eventExceptions.date, eventExceptions.kind],
        set: { time: value.time, note: value.note, endDate: value.endDate ?? null },
      });
  const recorded: FieldChange[] = [];
  const seen = new Set<string>();
  for (const [i, night] of touched.entries()) {
    const field = nightField(night.kind, night.date);
    if (seen.has(field)) continue;
    seen.add(field);
    const after = await nightValue(db, eventId, night.kind, night.date);
    if (!sameValue(before[i] ?? null, after)) recorded.push({ field, before: before[i] ?? null, after });
  }
  await recordEventChanges(db, eventId, actor, recorded, now);
  contentChanged("events");
  return { ok: true };
}

/** Saving the same date and kind again replaces its note and time. */
export function saveException(
  db: Db,
  eventId: string,
  input: ExceptionInput,
  actor: EventActor,
  now = new Date(),
) {
  const changes: DateChanges =
    input.kind === "cancelled"
      ? { cancel: [{ date: input.date, note: input.note }], extra: [], breaks: [], remove: [] }
      : {
          cancel: [],
          extra: [{ date: input.date, time: input.time, note: input.note }],
          breaks: [],
          remove: [],
        };
  return applyDateChanges(db, eventId, changes, actor, now);
}

async function deleteException(db: Db, eventId: string, date: string, kind: string) {
  const removed = await db
    .delete(eventExceptions)
    .where(
      and(
        eq(eventExceptions.eventId, eventId),
        eq(eventExceptions.date, date),
        eq(eventExceptions.kind, kind),
      ),
    )
    .returning({ id: eventExceptions.id });
  return removed.length > 0;
}

export async function removeException(
  db: Db,
  eventId: string,
  date: string,
  kind: NightKind,
  actor: EventActor,
  now = new Date(),
) {
  const removed = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await nightValue(tx, eventId, kind, date);
    const gone = await deleteException(tx, eventId, date, kind);
    if (gone)
      await recordEventChanges(
        tx,
        eventId,
        actor,
        [{ field: nightField(kind, date), before, after: null }],
        now,
      );
    return gone;
  });
  if (removed) contentChanged("events");
  return removed;
}
