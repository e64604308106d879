import { asc, eq, inArray } from "drizzle-orm";
import { quizOptions, quizQuestions } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { PublicQuestion } from "./play-contract";

/** Questions and options for the player. Selects no is_correct column, so the key cannot leak by accident. */
export async function getPublicQuestions(db: Db, quizId: string): Promise<PublicQuestion[]> {
  const questions = await db
    .select({
      id: quizQuestions.id,
      questionText: quizQuestions.questionText,
      imageUrl: quizQuestions.imageUrl,
      imageAlt: quizQuestions.imageAlt,
    })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));
  if (questions.length === 0) return [];
  const options = await db
    .select({ id: quizOptions.id, questionId: quizOptions.questionId, optionText: quizOptions.optionText })
    .from(quizOptions)
    .where(
      inArray(
        quizOptions.questionId,
        questions.map((q) => q.id),
      ),
    )
    .orderBy(asc(quizOptions.optionOrder));
  return questions.map((q) => ({
    ...q,
    options: options.filter((o) => o.questionId === q.id).map(({ id, optionText }) => ({ id, optionText })),
  }));
}
