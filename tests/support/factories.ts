import { randomUUID } from "node:crypto";
import type { EventActor } from "~/features/event-history/event-actor";
import { createEvent } from "~/features/events/public.server";
import { createQuizWithQuestions } from "~/features/quizzes/public.server";
import type { Db } from "~/lib/db.server";
import { nextOccurrence, type Weekday } from "~/lib/time";

type NewEventInput = Parameters<typeof createEvent>[1];
type NewQuizInput = Parameters<typeof createQuizWithQuestions>[1];

/** The actor of a change no person made: the event history shows it as "System". */
export const SYSTEM_ACTOR: EventActor = { userId: null, role: "system" };

/**
 * Factories shared by the seed script and the tests, so both build rows the same, valid way.
 */
export function buildEventInput(
  overrides: Partial<NewEventInput> & { weekday?: Weekday; time?: string } = {},
) {
  const { weekday = "Tisdag", time = "19:00", ...rest } = overrides;
  const suffix = randomUUID().slice(0, 6);
  const title = rest.title ?? `Testquiz ${suffix}`;
  const city = rest.city ?? "Göteborg";
  return {
    title,
    description: `Quiz på ${title}`,
    locationName: `Testkrogen ${suffix}`,
    locationAddress: `Testgatan 1, ${city}`,
    city,
    startTime: nextOccurrence(weekday, time),
    tags: ["Quiz"],
    maxPersonsPerTeam: 6,
    recurrence: "weekly",
    ...rest,
  } satisfies NewEventInput;
}

export function insertEvent(db: Db, overrides: Parameters<typeof buildEventInput>[0] = {}) {
  return createEvent(db, buildEventInput(overrides));
}

export function buildQuizInput(
  overrides: Partial<NewQuizInput> & { questionCount?: number } = {},
): NewQuizInput {
  const { questionCount = 3, ...rest } = overrides;
  return {
    title: `Testquiz ${randomUUID().slice(0, 6)}`,
    category: "AllmänQuiz",
    difficulty: "medium",
    isActive: true,
    questions: Array.from({ length: questionCount }, (_, i) => ({
      questionText: `Fråga nummer ${i + 1}?`,
      options: [0, 1, 2].map((o) => ({
        text: `Svar ${String.fromCharCode(65 + o)}`,
        isCorrect: o === i % 3,
      })),
    })),
    ...rest,
  };
}

export function insertQuiz(db: Db, overrides: Parameters<typeof buildQuizInput>[0] = {}) {
  return createQuizWithQuestions(db, buildQuizInput(overrides));
}
