import { desc, eq } from "drizzle-orm";
import { quizzes } from "~/db/schema";
import type { Db } from "~/lib/db.server";

export type QuizPage = { slug: string; updatedAt: Date };

/** Every active quiz's page (its title slug) with its last change, newest quiz first. */
export async function listActiveQuizPages(db: Db): Promise<QuizPage[]> {
  return db
    .select({ slug: quizzes.titleSlug, updatedAt: quizzes.updatedAt })
    .from(quizzes)
    .where(eq(quizzes.isActive, true))
    .orderBy(desc(quizzes.createdAt));
}
