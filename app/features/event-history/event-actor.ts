import type { EventView } from "~/features/events/public";
import type { AppError } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";

/**
 * Who changes an event: an admin, one of the event's hosts, or the system (a job, a command). Every write to an
 * event takes one, and the change history records it beside each changed field.
 */
export type EventActor = { userId: string | null; role: "admin" | "host" | "system" };

/**
 * How a change to an existing event is run: the route wraps it (in a transaction that also tells the
 * event's followers), handing the change the database to write with.
 */
export type AroundChange = <T>(
  db: Db,
  eventId: string,
  now: Date,
  change: (db: Db) => Promise<T>,
) => Promise<T>;

/** When the change happens, the hook it runs in, and who makes it (recorded in the event's history). */
export type ChangeOptions = { now: Date; aroundChange: AroundChange; actor: EventActor };

/** A refused change: the AppError the action (as a form failure) and the JSON endpoints answer. */
export type ChangeFailure = { ok: false; error: AppError };
export type ChangeResult = { ok: true; event: EventView } | ChangeFailure;
