import {
  addDays,
  DEFAULT_SCHEDULE,
  type EventFacts,
  type EventView,
  type MonthWeek,
  type QuizType,
  type Recurrence,
  weekdayOfDate,
} from "~/features/events/public";
import { stockholmDate, WEEKDAYS, type Weekday } from "~/lib/time";
import type { EventFormValues, FactFormValues } from "./event-form-schema";

export const QUIZ_TYPES: readonly QuizType[] = ["Quiz", "MusikQuiz"];
export const TEAM_SIZE_OPTIONS = [
  "-",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "10",
  "12",
  "15",
  "20",
] as const;
export const RECURRENCE_LABELS: Record<Recurrence, string> = {
  weekly: "Varje vecka",
  biweekly: "Varannan vecka",
  monthly: "Månadsvis",
};
export const MONTH_WEEK_LABELS: Record<`${MonthWeek}`, string> = {
  "1": "Första",
  "2": "Andra",
  "3": "Tredje",
  "4": "Fjärde",
  "-1": "Sista",
};
const UNKNOWN_FACT_VALUES: FactFormValues = {
  entryFee: "",
  booking: "",
  bookingUrl: "",
  prize: "",
  difficulty: "",
  language: "",
  wheelchairAccessible: "",
};

function factFormValues(facts: EventFacts): FactFormValues {
  return {
    entryFee: facts.entryFee === null ? "" : String(facts.entryFee),
    booking: facts.booking ?? "",
    bookingUrl: facts.bookingUrl ?? "",
    prize: facts.prize ?? "",
    difficulty: facts.difficulty ?? "",
    language: facts.language ?? "",
    wheelchairAccessible:
      facts.wheelchairAccessible === null ? "" : facts.wheelchairAccessible ? "ja" : "nej",
  };
}

export function defaultFormValues(): EventFormValues {
  return {
    title: "",
    description: "",
    schedules: [{ ...DEFAULT_SCHEDULE }],
    location: "",
    locationUrl: "",
    city: "Göteborg",
    quizType: ["Quiz"],
    email: "",
    phone: "",
    website: "",
    instagram: "",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    recurrenceAnchor: "",
    recurrenceWeek: "1",
    streetAddress: "",
    ...UNKNOWN_FACT_VALUES,
  };
}

export function formValuesFromEvent(event: EventView): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    schedules: event.schedules.length
      ? event.schedules.map((s) => ({ ...s }))
      : [{ weekday: event.weekday, time: event.time }],
    location: event.location,
    locationUrl: event.locationUrl ?? "",
    city: event.city,
    quizType: event.quizType.length ? [...event.quizType] : ["Quiz"],
    email: event.email ?? "",
    phone: event.phone ?? "",
    website: event.website ?? "",
    instagram: event.instagram ?? "",
    maxPersonsPerTeam: event.maxPersonsPerTeam === "-" ? "-" : String(event.maxPersonsPerTeam),
    recurrence: event.recurrence,
    // A cancelled night still belongs to the rule's weeks.
    recurrenceAnchor:
      event.recurrence === "biweekly" ? (event.nights[0]?.date ?? event.recurrenceAnchor) : "",
    recurrenceWeek: `${event.recurrenceWeek ?? 1}` as `${MonthWeek}`,
    streetAddress: event.streetAddress ?? "",
    ...factFormValues(event.facts),
  };
}

/** Today included. */
export function suggestedAnchor(row: { weekday: Weekday; time: string }, now = new Date()): string {
  const today = stockholmDate(now);
  const ahead = (WEEKDAYS.indexOf(row.weekday) - WEEKDAYS.indexOf(weekdayOfDate(today)) + 7) % 7;
  return addDays(today, ahead);
}
