import type { EventView } from "~/features/events/public";
import type { AppError } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";

/** Every write to an event takes one; the history records it beside each changed field. */
export type EventActor = { userId: string | null; role: "admin" | "host" | "system" };

/** The route wraps a change in a transaction that also tells the event's followers. */
export type AroundChange = <T>(
  db: Db,
  eventId: string,
  now: Date,
  change: (db: Db) => Promise<T>,
) => Promise<T>;

export type ChangeOptions = { now: Date; aroundChange: AroundChange; actor: EventActor };

export type ChangeFailure = { ok: false; error: AppError };
export type ChangeResult = { ok: true; event: EventView } | ChangeFailure;
