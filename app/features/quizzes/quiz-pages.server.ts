import { desc } from "drizzle-orm";
import { quizzes } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { publishedCondition } from "./quiz-queries.server";

export type QuizPage = { slug: string; updatedAt: Date };

export async function listActiveQuizPages(db: Db, now: Date = new Date()): Promise<QuizPage[]> {
  return db
    .select({ slug: quizzes.titleSlug, updatedAt: quizzes.updatedAt })
    .from(quizzes)
    .where(publishedCondition(now))
    .orderBy(desc(quizzes.createdAt));
}
