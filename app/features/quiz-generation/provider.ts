import { stockholmParts } from "~/lib/time";
export type QuestionSource = { url: string; outlet: string | null; publishedAt: Date | null };

/** What every quiz-generation provider produces: a NutidsQuiz draft, validated, ready to be stored. */
export type GeneratedQuestion = {
  questionText: string;
  options: [string, string, string];
  /** Index 0..2 of the correct option. */
  correct: number;
  /** The news item a generated question is based on; null for bank questions. */
  source: QuestionSource | null;
  bankId: string | null;
};

export type GeneratedQuiz = {
  title: string;
  description: string;
  questions: GeneratedQuestion[];
};

export type GenerationContext = {
  now: Date;
  questionCount: number;
  random: () => number;
};

/** A failure the admin should read: shown after 'Error generating quiz: '. Nothing is saved when it is thrown. */
export class QuizGenerationError extends Error {}

export const GENERATED_QUESTION_COUNT = 10;

/** The ISO 8601 week number of a calendar date (given as year, month 1-12, day). */
export function isoWeek(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/** "NutidsQuiz vecka 47": the ISO week of the Stockholm date the quiz was made. */
export function generatedQuizTitle(now: Date): string {
  const { year, month, day } = stockholmParts(now);
  return `NutidsQuiz vecka ${isoWeek(year, month, day)}`;
}
