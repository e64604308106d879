type QuestionSource = { url: string; outlet: string | null; publishedAt: Date | null };

export type GeneratedQuestion = {
  questionText: string;
  options: [string, string, string];
  /** 0..2. */
  correct: number;
  /** Null for bank questions. */
  source: QuestionSource | null;
  bankId: string | null;
};

export type GenerationContext = {
  now: Date;
  questionCount: number;
  random: () => number;
};

/** Shown to the admin after 'Error generating quiz: '; nothing is saved. */
export class QuizGenerationError extends Error {}

export const GENERATED_QUESTION_COUNT = 10;
