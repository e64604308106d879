import { nextOccurrence, type Weekday } from "~/lib/time";

/** The first night of a new event, and of an event whose schedule has no rows. */
export const DEFAULT_SCHEDULE = { weekday: "Måndag" as Weekday, time: "19:00" };

/** start_time: the next occurrence of the first schedule row's weekday at its time, never today. */
export function startTimeFor(
  input: { schedules: readonly { weekday: Weekday; time: string }[] },
  now: Date,
): Date {
  const first = input.schedules[0] ?? DEFAULT_SCHEDULE;
  return nextOccurrence(first.weekday, first.time, now);
}
