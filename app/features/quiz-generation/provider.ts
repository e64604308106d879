/** What every quiz-generation provider produces: a NutidsQuiz draft, validated, ready to be stored. */
export type GeneratedQuestion = {
  questionText: string;
  options: [string, string, string];
  /** Index 0..2 of the correct option. */
  correct: number;
  sourceUrl: string | null;
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

/** "NutidsQuiz 22 november 2026": the Stockholm date makes a daily quiz's title say when it was made. */
export function generatedQuizTitle(now: Date): string {
  const date = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Stockholm",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(now);
  return `NutidsQuiz ${date}`;
}
