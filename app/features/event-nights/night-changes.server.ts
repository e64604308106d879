import type { ChangeFailure, ChangeOptions, ChangeResult } from "~/features/event-history/public";
import { findEventViewById } from "~/features/events/public.server";
import { AppError } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import type { DateChanges, ExceptionInput } from "./event-exception-rules";
import { applyDateChanges, removeException, saveException } from "./event-exceptions.server";

const missing = (message = "Eventet finns inte"): ChangeFailure => ({
  ok: false,
  error: new AppError("not-found", { message }),
});

export type NightChange =
  | { save: ExceptionInput }
  | { remove: { date: string; kind: "cancelled" | "extra" | "break" } };

/** One change, all or none, in the route's `aroundChange` (which tells the followers). */
export async function changeDates(
  db: Db,
  eventId: string,
  changes: DateChanges,
  { now, aroundChange, actor }: ChangeOptions,
): Promise<ChangeResult> {
  // A savepoint inside the hook's transaction: every change is stored, or none.
  const saved = await aroundChange(db, eventId, now, (tx) =>
    tx.transaction((inner) => applyDateChanges(inner as unknown as Db, eventId, changes, actor, now)),
  );
  if (!saved.ok) return saved;
  const event = await findEventViewById(db, eventId, now);
  return event ? { ok: true, event } : missing();
}

export async function changeNight(
  db: Db,
  eventId: string,
  change: NightChange,
  { now, aroundChange, actor }: ChangeOptions,
): Promise<ChangeResult> {
  if ("save" in change) {
    const saved = await aroundChange(db, eventId, now, (tx) =>
      saveException(tx, eventId, change.save, actor, now),
    );
    if (!saved.ok) return saved;
  } else {
    const { date, kind } = change.remove;
    if (!(await aroundChange(db, eventId, now, (tx) => removeException(tx, eventId, date, kind, actor, now))))
      return missing("Datumet finns inte");
  }
  const event = await findEventViewById(db, eventId, now);
  return event ? { ok: true, event } : missing();
}
