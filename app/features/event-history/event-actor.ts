/**
 * Who changes an event: an admin, one of the event's hosts, or the system (a job, a command). Every write to an
 * event takes one, and the change history records it beside each changed field.
 */
export type EventActor = { userId: string | null; role: "admin" | "host" | "system" };

/** The actor of a scheduled job or a command. */
export const SYSTEM_ACTOR: EventActor = { userId: null, role: "system" };
