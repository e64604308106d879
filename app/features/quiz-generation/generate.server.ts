import { and, eq } from "drizzle-orm";
import { quizzes } from "~/db/schema";
import { NUTIDSQUIZ_CATEGORY, nutidsQuizWeekFor, weeklyQuizLabel } from "~/features/quizzes/public";
import { createQuizWithQuestions } from "~/features/quizzes/public.server";
import type { Db } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { IsoWeek } from "~/lib/time";
import { drawBankQuestions } from "./bank-provider.server";
import { buildHeadlineQuestions, MIN_HEADLINE_QUESTIONS } from "./headline-provider";
import { generateLlmQuestions } from "./llm-provider.server";
import {
  GENERATED_QUESTION_COUNT,
  type GeneratedQuestion,
  type GenerationContext,
  QuizGenerationError,
} from "./provider";
import { spreadCorrectAnswers } from "./question-rules";
import { fetchWeekItems } from "./rss";

export type GenerationEnv = Pick<
  Env,
  "QUIZ_PROVIDER" | "QUIZ_AUTO_PUBLISH" | "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "NEWS_FEEDS"
>;

export type GenerationDeps = { now?: Date; random?: () => number; fetch?: typeof fetch };

export type GeneratedBy = "llm" | "headlines" | "bank";

const DESCRIPTIONS: Record<GeneratedBy, string> = {
  llm: "Frågor om veckans nyheter. Varje fråga bygger på en nyhet, och källan finns med.",
  headlines: "Vilket ord saknas i veckans rubriker? Varje fråga bygger på en nyhet, och källan finns med.",
  bank: "Tio blandade frågor om Sverige och världen. Hur bra koll har du?",
};

/** A language model when configured (its errors reported), else headlines, else the bank. */
async function pickQuestions(
  db: Db,
  env: GenerationEnv,
  deps: GenerationDeps,
  context: GenerationContext,
): Promise<{ by: GeneratedBy; questions: GeneratedQuestion[] }> {
  if (env.QUIZ_PROVIDER === "bank") return { by: "bank", questions: await drawBankQuestions(db, context) };
  const items = await fetchWeekItems(env.NEWS_FEEDS, { now: context.now, fetch: deps.fetch });
  if (env.QUIZ_PROVIDER === "llm" || env.LLM_BASE_URL) {
    if (!env.LLM_BASE_URL) throw new QuizGenerationError("LLM_BASE_URL saknas");
    const config = {
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      fetch: deps.fetch,
    };
    return { by: "llm", questions: await generateLlmQuestions(db, config, items, context) };
  }
  const headlineQuestions = buildHeadlineQuestions(items, context.questionCount, context.random);
  if (headlineQuestions.length >= MIN_HEADLINE_QUESTIONS)
    return { by: "headlines", questions: headlineQuestions };
  logger.info(
    { items: items.length, usable: headlineQuestions.length },
    "no usable news items this week: drawing the quiz from the question bank",
  );
  return { by: "bank", questions: await drawBankQuestions(db, context) };
}

async function findWeekQuiz(
  db: Db,
  week: IsoWeek,
): Promise<{ id: string; title: string; isActive: boolean } | undefined> {
  const [quiz] = await db
    .select({ id: quizzes.id, title: quizzes.title, isActive: quizzes.isActive })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.category, NUTIDSQUIZ_CATEGORY),
        eq(quizzes.weekYear, week.weekYear),
        eq(quizzes.week, week.week),
      ),
    )
    .limit(1);
  return quiz;
}

/** One NutidsQuiz per week: an existing one is answered (`reused`). */
export async function generateDailyQuiz(
  db: Db,
  env: GenerationEnv,
  deps: GenerationDeps = {},
): Promise<{
  title: string;
  quizId: string;
  generatedBy: GeneratedBy | null;
  reused: boolean;
  isActive: boolean;
}> {
  const context: GenerationContext = {
    now: deps.now ?? new Date(),
    random: deps.random ?? Math.random,
    questionCount: GENERATED_QUESTION_COUNT,
  };
  // Sunday's draft is for the week starting the next day.
  const week = nutidsQuizWeekFor(context.now);
  const existing = await findWeekQuiz(db, week);
  if (existing)
    return {
      title: existing.title,
      quizId: existing.id,
      generatedBy: null,
      reused: true,
      isActive: existing.isActive,
    };
  const { by, questions } = await pickQuestions(db, env, deps, context);
  const quiz = await createQuizWithQuestions(db, {
    title: weeklyQuizLabel(week),
    week,
    category: NUTIDSQUIZ_CATEGORY,
    difficulty: "medium",
    description: DESCRIPTIONS[by],
    isActive: env.QUIZ_AUTO_PUBLISH,
    createdAt: context.now,
    questions: spreadCorrectAnswers(questions, context.random).map((q) => ({
      questionText: q.questionText,
      sourceUrl: q.source?.url ?? null,
      sourceOutlet: q.source?.outlet ?? null,
      sourcePublishedAt: q.source?.publishedAt ?? null,
      bankId: q.bankId,
      options: q.options.map((text, index) => ({ text, isCorrect: index === q.correct })),
    })),
  });
  return { title: quiz.title, quizId: quiz.id, generatedBy: by, reused: false, isActive: quiz.isActive };
}

export const NUTIDSQUIZ_JOB_NAME = "nutidsquiz-weekly";
