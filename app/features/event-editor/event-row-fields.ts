import type { MonthWeek } from "~/features/events/public";
import { startTimeFor } from "~/features/events/public";
import { stockholmDate } from "~/lib/time";
import type { EventFormInput } from "./event-form-schema";

export function locationFields(input: Pick<EventFormInput, "location" | "locationUrl" | "city">) {
  const locationName = input.location ?? input.city;
  return {
    locationName,
    locationAddress: input.locationUrl ?? `${locationName}, ${input.city}`,
  };
}

/** An empty location or link keeps the old value. */
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

/** Decision 011: other rules keep their start on edit while the frequency stays. */
export function ruleFieldsFor(
  input: Pick<EventFormInput, "recurrence" | "recurrenceAnchor" | "recurrenceWeek" | "schedules">,
  now: Date,
  previous?: { recurrence: string; recurrenceAnchor: string },
): { recurrenceAnchor: string; recurrenceWeek: MonthWeek | null } {
  const recurrenceWeek = input.recurrence === "monthly" ? (input.recurrenceWeek ?? 1) : null;
  if (input.recurrence === "biweekly") {
    const anchor = input.recurrenceAnchor ?? stockholmDate(startTimeFor(input, now));
    // A "nästa gång" within two weeks on the same fortnights is the same rule; a later one skips nights.
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

const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A booking link only where booking is asked. */
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
