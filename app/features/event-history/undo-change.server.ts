import { and, eq, isNull } from "drizzle-orm";
import { eventChanges, eventExceptions, events } from "~/db/schema";
import { startTimeFor } from "~/features/events/public";
import { findFreeEventSlug } from "~/features/events/public.server";
import { AppError, isAppError } from "~/lib/app-error";
import { type CityName, cityByName } from "~/lib/cities";
import { contentChanged } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import type { AroundChange, EventActor } from "./event-actor";
import {
  type HistoryField,
  historyValues,
  isUndoableField,
  type JsonValue,
  type NightKind,
  parseNightField,
  sameValue,
} from "./event-history";
import { nightValue, recordEventChanges } from "./event-history.server";

type EventRow = typeof events.$inferSelect;

const asText = (value: JsonValue) => (typeof value === "string" ? value : null);
const asRecord = (value: JsonValue): Record<string, JsonValue> =>
  value && typeof value === "object" && !Array.isArray(value) ? value : {};

async function columnsFor(
  tx: Db,
  row: EventRow,
  field: HistoryField,
  value: JsonValue,
  now: Date,
): Promise<Partial<typeof events.$inferInsert>> {
  switch (field) {
    case "title": {
      const title = asText(value) ?? row.title;
      return { title, slug: await findFreeEventSlug(tx, row.city as CityName, title, row.id) };
    }
    case "city": {
      const city = cityByName(asText(value) ?? "")?.name ?? (row.city as CityName);
      // The position belonged to the address in the other city: the next save looks it up again.
      const moved = city === row.city ? {} : { latitude: null, longitude: null };
      return { city, slug: await findFreeEventSlug(tx, city, row.title, row.id), ...moved };
    }
    case "description":
    case "phone":
    case "email":
    case "website":
    case "instagram":
      return { [field]: asText(value) };
    case "image":
      return { imageUrl: asText(value) };
    case "location": {
      const l = asRecord(value);
      const name = asText(l.name ?? null);
      return {
        locationName: name,
        locationAddress: asText(l.address ?? null) ?? `${name ?? row.city}, ${row.city}`,
        streetAddress: asText(l.street ?? null),
        // The position belonged to the address undone: the next save looks the restored one up again.
        ...((asText(l.street ?? null) ?? "") === (row.streetAddress ?? "")
          ? {}
          : { latitude: null, longitude: null }),
      };
    }
    case "schedule": {
      const schedules = (Array.isArray(value) ? value : [])
        .map(asRecord)
        .filter((s) => WEEKDAYS.includes(s.weekday as Weekday) && typeof s.time === "string")
        .map((s) => ({ weekday: s.weekday as Weekday, time: s.time as string }));
      return { schedules, startTime: startTimeFor({ schedules }, now) };
    }
    case "recurrence": {
      const r = asRecord(value);
      return {
        recurrence: asText(r.rule ?? null) ?? row.recurrence,
        recurrenceAnchor: asText(r.anchor ?? null) ?? row.recurrenceAnchor,
        recurrenceWeek: typeof r.week === "number" ? r.week : null,
      };
    }
    case "quizType":
      return {
        tags: Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : row.tags,
      };
    case "teamSize": {
      const size = typeof value === "number" ? value : null;
      return { maxPersonsPerTeam: size, maxAttendees: size === null ? null : size * 10 };
    }
    case "entryFee":
      return { entryFee: typeof value === "number" ? value : null };
    case "booking": {
      const b = asRecord(value);
      const booking = asText(b.mode ?? null);
      return { booking, bookingUrl: booking === "none" ? null : asText(b.url ?? null) };
    }
    case "prize":
    case "difficulty":
    case "language":
      return { [field]: asText(value) };
    case "wheelchairAccessible":
      return { wheelchairAccessible: typeof value === "boolean" ? value : null };
  }
}

async function restoreNight(
  tx: Db,
  eventId: string,
  night: { kind: NightKind; date: string },
  value: JsonValue,
) {
  const match = and(
    eq(eventExceptions.eventId, eventId),
    eq(eventExceptions.date, night.date),
    eq(eventExceptions.kind, night.kind),
  );
  if (value === null) {
    await tx.delete(eventExceptions).where(match);
    return;
  }
  const v = asRecord(value);
  const time = night.kind === "extra" ? asText(v.time ?? null) : null;
  const note = asText(v.note ?? null);
  const endDate = night.kind === "break" ? (asText(v.to ?? null) ?? night.date) : null;
  await tx
    .insert(eventExceptions)
    .values({ eventId, date: night.date, kind: night.kind, time, note, endDate })
    .onConflictDoUpdate({
      target: [eventExceptions.eventId, eventExceptions.date, eventExceptions.kind],
      set: { time, note, endDate },
    });
}

const CHANGE_MISSING = "Ändringen finns inte";

export type UndoResult = { ok: true; eventId: string } | { ok: false; error: AppError };

/** Only if the field still has the value the change gave it: a later change wins. */
export async function undoEventChange(
  db: Db,
  changeId: string,
  actor: EventActor,
  { now, aroundChange }: { now: Date; aroundChange: AroundChange },
): Promise<UndoResult> {
  const [found] = await db
    .select({ eventId: eventChanges.eventId, field: eventChanges.field })
    .from(eventChanges)
    .where(eq(eventChanges.id, changeId));
  if (!found) return { ok: false, error: new AppError("not-found", { message: CHANGE_MISSING }) };
  if (!isUndoableField(found.field))
    return {
      ok: false,
      error: new AppError("bad-request", { message: "Den här ändringen kan inte ångras" }),
    };
  const { eventId } = found;
  try {
    await aroundChange(db, eventId, now, (outer) =>
      outer.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        // Undos and saves of one event queue on its row, so each compares against what the last one left.
        const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
        if (!row) throw new AppError("not-found", { message: "Eventet finns inte" });
        const [change] = await tx.select().from(eventChanges).where(eq(eventChanges.id, changeId));
        if (!change) throw new AppError("not-found", { message: CHANGE_MISSING });
        if (change.undoneAt) throw new AppError("conflict", { message: "Ändringen är redan ångrad" });
        const before = (change.before ?? null) as JsonValue;
        const after = (change.after ?? null) as JsonValue;
        const night = parseNightField(change.field);
        const current = night
          ? await nightValue(tx, eventId, night.kind, night.date)
          : historyValues(row)[change.field as HistoryField];
        if (!sameValue(current, after))
          throw new AppError("conflict", {
            message: "Fältet har ändrats igen efter den här ändringen och kan inte ångras",
          });
        if (night) await restoreNight(tx, eventId, night, before);
        else
          await tx
            .update(events)
            .set({
              ...(await columnsFor(tx, row, change.field as HistoryField, before, now)),
              updatedAt: now,
            })
            .where(eq(events.id, eventId));
        await tx
          .update(eventChanges)
          .set({ undoneAt: now })
          .where(and(eq(eventChanges.id, changeId), isNull(eventChanges.undoneAt)));
        await recordEventChanges(
          tx,
          eventId,
          actor,
          [{ field: change.field, before: after, after: before }],
          now,
          changeId,
        );
      }),
    );
  } catch (error) {
    if (isAppError(error)) return { ok: false, error };
    throw error;
  }
  contentChanged("events");
  return { ok: true, eventId };
}
