import type { MonthWeek } from "~/features/events/public";
import { startTimeFor } from "~/features/events/public";
import { stockholmDate } from "~/lib/time";
import type { EventFormInput } from "./event-form-schema";

// What a validated event form becomes in the events row: the fields derived from the input (and, on edit,
// from the row it replaces).

/** The stored location fields. An empty location falls back to the city on create. */
export function locationFields(input: Pick<EventFormInput, "location" | "locationUrl" | "city">) {
  const locationName = input.location ?? input.city;
  return {
    locationName,
    // location_address is the map link when there is one, else '{location}, {city}'.
    locationAddress: input.locationUrl ?? `${locationName}, ${input.city}`,
  };
}

/**
 * The stored location fields on edit: an empty location or link keeps the old value.
 */
export function locationFieldsForEdit(
  input: Pick<EventFormInput, "location" | "locationUrl" | "city">,
  previous: { locationName: string | null; locationAddress: string | null },
) {
  const oldLink = /^https?:\/\//i.test(previous.locationAddress ?? "") ? previous.locationAddress : null;
  const locationName = input.location ?? previous.locationName ?? input.city;
  const link = input.locationUrl ?? oldLink;
  return { locationName, locationAddress: link ?? `${locationName}, ${input.city}` };
}

export function descriptionFor(input: Pick<EventFormInput, "title" | "description">): string {
  return input.description ?? `Quiz på ${input.title}`;
}

/**
 * The rule's start and monthly week to store (decision 011). Every second week starts at "nästa gång" (or,
 * when none is given, at the first row's next night); the other rules keep their start on edit while the
 * frequency stays, and otherwise start this week.
 */
export function ruleFieldsFor(
  input: Pick<EventFormInput, "recurrence" | "recurrenceAnchor" | "recurrenceWeek" | "schedules">,
  now: Date,
  previous?: { recurrence: string; recurrenceAnchor: string },
): { recurrenceAnchor: string; recurrenceWeek: MonthWeek | null } {
  const recurrenceWeek = input.recurrence === "monthly" ? (input.recurrenceWeek ?? 1) : null;
  if (input.recurrence === "biweekly") {
    const anchor = input.recurrenceAnchor ?? stockholmDate(startTimeFor(input, now));
    // A "nästa gång" within two weeks and on the same fortnights as the stored start is the same rule: the
    // start stays. A later one skips nights, so it becomes the start.
    const same =
      previous?.recurrence === "biweekly" &&
      daysFrom(stockholmDate(now), anchor) < 14 &&
      daysFrom(previous.recurrenceAnchor, anchor) % 14 === 0;
    return { recurrenceAnchor: same && previous ? previous.recurrenceAnchor : anchor, recurrenceWeek };
  }
  if (previous && previous.recurrence === input.recurrence)
    return { recurrenceAnchor: previous.recurrenceAnchor, recurrenceWeek };
  return { recurrenceAnchor: stockholmDate(now), recurrenceWeek };
}

/** Days from one date (YYYY-MM-DD) to another. */
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The stored facts: what the form says, unknown ones as null (a booking link only where booking is asked). */
export function factFields(
  input: Pick<
    EventFormInput,
    "entryFee" | "booking" | "bookingUrl" | "prize" | "difficulty" | "language" | "wheelchairAccessible"
  >,
) {
  return {
    entryFee: input.entryFee,
    booking: input.booking,
    bookingUrl: input.booking === "none" ? null : input.bookingUrl,
    prize: input.prize,
    difficulty: input.difficulty,
    language: input.language,
    wheelchairAccessible: input.wheelchairAccessible,
  };
}
