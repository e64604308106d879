import { eq, like, or } from "drizzle-orm";
import { quizOptions, quizQuestions, quizzes } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { slugify, uniqueSlug } from "~/lib/slug";

export type QuizRow = typeof quizzes.$inferSelect;

export type NewQuestionInput = {
  questionText: string;
  imageUrl?: string | null;
  sourceUrl?: string | null;
  bankId?: string | null;
  options: { text: string; isCorrect: boolean }[];
};

export type NewQuizInput = {
  title: string;
  category: string;
  difficulty?: "easy" | "medium" | "hard";
  description?: string | null;
  imageUrl?: string | null;
  isActive?: boolean;
  createdAt?: Date;
  questions?: NewQuestionInput[];
};

export async function findFreeQuizSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || "quiz";
  const rows = await db
    .select({ id: quizzes.id, slug: quizzes.titleSlug })
    .from(quizzes)
    .where(or(eq(quizzes.titleSlug, base), like(quizzes.titleSlug, `${base}-%`)));
  return uniqueSlug(
    base,
    rows.filter((r) => r.id !== exceptId).map((r) => r.slug),
  );
}

/** Creates a quiz with its questions and options in one transaction: all or nothing. */
export async function createQuizWithQuestions(db: Db, input: NewQuizInput): Promise<QuizRow> {
  return db.transaction(async (tx) => {
    const titleSlug = await findFreeQuizSlug(tx as unknown as Db, input.title);
    const [quiz] = await tx
      .insert(quizzes)
      .values({
        title: input.title.trim(),
        titleSlug,
        category: input.category,
        difficulty: input.difficulty ?? "medium",
        description: input.description ?? null,
        imageUrl: input.imageUrl ?? null,
        isActive: input.isActive ?? false,
        createdAt: input.createdAt ?? new Date(),
      })
      .returning();
    for (const [index, question] of (input.questions ?? []).entries()) {
      const [row] = await tx
        .insert(quizQuestions)
        .values({
          quizId: quiz.id,
          questionText: question.questionText,
          imageUrl: question.imageUrl ?? null,
          sourceUrl: question.sourceUrl ?? null,
          bankId: question.bankId ?? null,
          questionOrder: index + 1,
        })
        .returning({ id: quizQuestions.id });
      await tx.insert(quizOptions).values(
        question.options.map((option, optionIndex) => ({
          questionId: row.id,
          optionText: option.text,
          isCorrect: option.isCorrect,
          optionOrder: optionIndex + 1,
        })),
      );
    }
    return quiz;
  });
}
