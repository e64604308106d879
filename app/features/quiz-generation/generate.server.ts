import { NUTIDSQUIZ_CATEGORY } from "~/features/quizzes/categories";
import { createQuizWithQuestions } from "~/features/quizzes/quizzes.server";
import type { Db } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";
import { drawBankQuestions } from "./bank-provider.server";
import { generateLlmQuestions } from "./llm-provider.server";
import {
  GENERATED_QUESTION_COUNT,
  type GenerationContext,
  generatedQuizTitle,
  QuizGenerationError,
} from "./provider";
import { spreadCorrectAnswers } from "./question-rules";

export type GenerationEnv = Pick<
  Env,
  "QUIZ_PROVIDER" | "QUIZ_AUTO_PUBLISH" | "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "NEWS_FEEDS"
>;

export type GenerationDeps = { now?: Date; random?: () => number; fetch?: typeof fetch };

/**
 * "generate daily quiz": builds a NutidsQuiz with the configured provider and stores it in one transaction,
 * inactive for review unless QUIZ_AUTO_PUBLISH is on. Answers `{ title, quizId }`.
 */
export async function generateDailyQuiz(
  db: Db,
  env: GenerationEnv,
  deps: GenerationDeps = {},
): Promise<{ title: string; quizId: string }> {
  const context: GenerationContext = {
    now: deps.now ?? new Date(),
    random: deps.random ?? Math.random,
    questionCount: GENERATED_QUESTION_COUNT,
  };
  let questions: Awaited<ReturnType<typeof drawBankQuestions>>;
  if (env.QUIZ_PROVIDER === "llm") {
    if (!env.LLM_BASE_URL) throw new QuizGenerationError("LLM_BASE_URL saknas");
    questions = await generateLlmQuestions(
      db,
      {
        baseUrl: env.LLM_BASE_URL,
        apiKey: env.LLM_API_KEY,
        model: env.LLM_MODEL,
        feeds: env.NEWS_FEEDS,
        fetch: deps.fetch,
      },
      context,
    );
  } else {
    questions = await drawBankQuestions(db, context);
  }
  const title = generatedQuizTitle(context.now);
  const quiz = await createQuizWithQuestions(db, {
    title,
    category: NUTIDSQUIZ_CATEGORY,
    difficulty: "medium",
    description:
      env.QUIZ_PROVIDER === "llm"
        ? "Tio frågor om veckans nyheter. Varje fråga bygger på en nyhet, och källan finns med."
        : "Tio blandade frågor om Sverige och världen. Hur bra koll har du?",
    isActive: env.QUIZ_AUTO_PUBLISH,
    createdAt: context.now,
    questions: spreadCorrectAnswers(questions, context.random).map((q) => ({
      questionText: q.questionText,
      sourceUrl: q.sourceUrl,
      bankId: q.bankId,
      options: q.options.map((text, index) => ({ text, isCorrect: index === q.correct })),
    })),
  });
  return { title: quiz.title, quizId: quiz.id };
}

export const NUTIDSQUIZ_JOB_NAME = "nutidsquiz-weekly";
