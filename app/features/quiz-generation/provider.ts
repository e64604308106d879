type QuestionSource = { url: string; outlet: string | null; publishedAt: Date | null };

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

export type GenerationContext = {
  now: Date;
  questionCount: number;
  random: () => number;
};

/** A failure the admin should read: shown after 'Error generating quiz: '. Nothing is saved when it is thrown. */
export class QuizGenerationError extends Error {}

export const GENERATED_QUESTION_COUNT = 10;
