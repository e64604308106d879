import { desc } from "drizzle-orm";
import { quizzes } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { publishedCondition } from "./quiz-queries.server";

export type QuizPage = { slug: string; updatedAt: Date };

/** Every published quiz's page (its title slug) with its last change, newest quiz first. */
export async function listActiveQuizPages(db: Db, now: Date = new Date()): Promise<QuizPage[]> {
  return db
    .select({ slug: quizzes.titleSlug, updatedAt: quizzes.updatedAt })
    .from(quizzes)
    .where(publishedCondition(now))
    .orderBy(desc(quizzes.createdAt));
}
