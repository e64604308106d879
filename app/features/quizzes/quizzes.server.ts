import { and, asc, count, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import { quizOptions, quizQuestions, quizzes } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { isUuid } from "~/lib/http.server";
import { slugify, uniqueSlug } from "~/lib/slug";

export type QuizRow = typeof quizzes.$inferSelect;

export type NewQuestionInput = {
  questionText: string;
  imageUrl?: string | null;
  sourceUrl?: string | null;
  sourceOutlet?: string | null;
  sourcePublishedAt?: Date | null;
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
          sourceOutlet: question.sourceOutlet ?? null,
          sourcePublishedAt: question.sourcePublishedAt ?? null,
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

// ---------------------------------------------------------------- reading

export type QuizSummary = {
  id: string;
  title: string;
  titleSlug: string;
  description: string | null;
  imageUrl: string | null;
  category: string;
  difficulty: string;
  isActive: boolean;
  createdAt: string;
  questionCount: number;
};

function toSummary(row: QuizRow, questionCount: number): QuizSummary {
  return {
    id: row.id,
    title: row.title,
    titleSlug: row.titleSlug,
    description: row.description,
    imageUrl: row.imageUrl,
    category: row.category,
    difficulty: row.difficulty,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    questionCount,
  };
}

async function summarize(db: Db, rows: QuizRow[]): Promise<QuizSummary[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ quizId: quizQuestions.quizId, n: count() })
    .from(quizQuestions)
    .where(
      inArray(
        quizQuestions.quizId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(quizQuestions.quizId);
  const byId = new Map(counts.map((c) => [c.quizId, Number(c.n)]));
  return rows.map((r) => toSummary(r, byId.get(r.id) ?? 0));
}

/** Active quizzes, newest first, optionally of one category, with their question counts (spec §7). */
export async function listActiveQuizzes(db: Db, category?: string): Promise<QuizSummary[]> {
  const rows = await db
    .select()
    .from(quizzes)
    .where(
      category ? and(eq(quizzes.isActive, true), eq(quizzes.category, category)) : eq(quizzes.isActive, true),
    )
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id));
  return summarize(db, rows);
}

/** Every quiz for the admin list, newest first. */
export async function listAllQuizzes(db: Db): Promise<QuizSummary[]> {
  const rows = await db.select().from(quizzes).orderBy(desc(quizzes.createdAt), desc(quizzes.id));
  return summarize(db, rows);
}

/** The number of questions a quiz has. */
export async function countQuestions(db: Db, quizId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return Number(row?.n ?? 0);
}

export async function getQuizRow(db: Db, id: string): Promise<QuizRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, id));
  return row;
}

export async function getActiveQuizSummaryBySlug(db: Db, titleSlug: string) {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.titleSlug, titleSlug), eq(quizzes.isActive, true)));
  if (!row) return undefined;
  const [summary] = await summarize(db, [row]);
  return summary;
}

export type EditorOption = { id: string; optionText: string; isCorrect: boolean; optionOrder: number };
export type EditorQuestion = {
  id: string;
  questionText: string;
  imageUrl: string | null;
  imageAlt: string | null;
  questionOrder: number;
  sourceUrl: string | null;
  sourceOutlet: string | null;
  /** ISO time the source was published. */
  sourcePublishedAt: string | null;
  options: EditorOption[];
};

/** Questions (ordered) with their options (ordered), answer key included: for admins and the server only. */
export async function getQuestionsWithKey(db: Db, quizId: string): Promise<EditorQuestion[]> {
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));
  if (questions.length === 0) return [];
  const options = await db
    .select()
    .from(quizOptions)
    .where(
      inArray(
        quizOptions.questionId,
        questions.map((q) => q.id),
      ),
    )
    .orderBy(asc(quizOptions.optionOrder));
  return questions.map((q) => ({
    id: q.id,
    questionText: q.questionText,
    imageUrl: q.imageUrl,
    imageAlt: q.imageAlt,
    questionOrder: q.questionOrder,
    sourceUrl: q.sourceUrl,
    sourceOutlet: q.sourceOutlet,
    sourcePublishedAt: q.sourcePublishedAt?.toISOString() ?? null,
    options: options
      .filter((o) => o.questionId === q.id)
      .map((o) => ({
        id: o.id,
        optionText: o.optionText,
        isCorrect: o.isCorrect,
        optionOrder: o.optionOrder,
      })),
  }));
}

// ---------------------------------------------------------------- quiz mutations

export type QuizFields = {
  title: string;
  category: string;
  difficulty: "easy" | "medium" | "hard";
  description: string | null;
  isActive: boolean;
  imageUrl?: string | null;
};

export async function createQuiz(db: Db, fields: QuizFields): Promise<QuizRow> {
  return createQuizWithQuestions(db, { ...fields, questions: [] });
}

/** Updates a quiz; a changed title gets a fresh unique slug. The image is kept unless a new one is given. */
export async function updateQuiz(db: Db, id: string, fields: QuizFields): Promise<QuizRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, id));
    if (!current) return undefined;
    const title = fields.title.trim();
    const titleSlug =
      title === current.title ? current.titleSlug : await findFreeQuizSlug(tx as unknown as Db, title, id);
    const [row] = await tx
      .update(quizzes)
      .set({
        title,
        titleSlug,
        category: fields.category,
        difficulty: fields.difficulty,
        description: fields.description,
        isActive: fields.isActive,
        ...(fields.imageUrl ? { imageUrl: fields.imageUrl } : {}),
        updatedAt: new Date(),
      })
      .where(eq(quizzes.id, id))
      .returning();
    return row;
  });
}

/** Deletes a quiz; the foreign keys cascade to questions, options, plays, answers and votes. */
export async function deleteQuiz(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(quizzes).where(eq(quizzes.id, id)).returning({ id: quizzes.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- question mutations

export type QuestionFields = {
  questionText: string;
  options: [string, string, string];
  correct: number;
  imageUrl?: string | null;
  imageAlt?: string | null;
};

/** Appends a question (order = last + 1) with its three options, in one transaction. */
export async function addQuestion(db: Db, quizId: string, fields: QuestionFields): Promise<string> {
  return db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${quizQuestions.questionOrder}), 0) + 1` })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId));
    const [row] = await tx
      .insert(quizQuestions)
      .values({
        quizId,
        questionText: fields.questionText,
        imageUrl: fields.imageUrl ?? null,
        imageAlt: fields.imageAlt ?? null,
        questionOrder: Number(next),
      })
      .returning({ id: quizQuestions.id });
    await tx.insert(quizOptions).values(
      fields.options.map((text, index) => ({
        questionId: row.id,
        optionText: text,
        isCorrect: index === fields.correct,
        optionOrder: index + 1,
      })),
    );
    return row.id;
  });
}

/**
 * Updates text and image, then replaces the options (spec §7). Answers given to the old options go with them:
 * a corrected question cannot keep answers scored against the previous key.
 */
export async function updateQuestion(
  db: Db,
  quizId: string,
  questionId: string,
  fields: QuestionFields,
): Promise<boolean> {
  if (!isUuid(questionId)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(quizQuestions)
      .set({
        questionText: fields.questionText,
        ...(fields.imageUrl ? { imageUrl: fields.imageUrl } : {}),
        // The alt text is a field of the form: saving it empty clears it.
        ...(fields.imageAlt !== undefined ? { imageAlt: fields.imageAlt } : {}),
      })
      .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId)))
      .returning({ id: quizQuestions.id });
    if (updated.length === 0) return false;
    await tx.delete(quizOptions).where(eq(quizOptions.questionId, questionId));
    await tx.insert(quizOptions).values(
      fields.options.map((text, index) => ({
        questionId,
        optionText: text,
        isCorrect: index === fields.correct,
        optionOrder: index + 1,
      })),
    );
    return true;
  });
}

export async function deleteQuestion(db: Db, quizId: string, questionId: string): Promise<boolean> {
  if (!isUuid(questionId)) return false;
  const rows = await db
    .delete(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId)))
    .returning({ id: quizQuestions.id });
  return rows.length > 0;
}

/** Swaps a question with its neighbour above or below, in one transaction. */
export async function moveQuestion(
  db: Db,
  quizId: string,
  questionId: string,
  direction: "up" | "down",
): Promise<boolean> {
  if (!isUuid(questionId)) return false;
  return db.transaction(async (tx) => {
    const list = await tx
      .select({ id: quizQuestions.id, order: quizQuestions.questionOrder })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId))
      .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));
    const index = list.findIndex((q) => q.id === questionId);
    const other = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || other < 0 || other >= list.length) return false;
    // Renumber 1..n so gaps or ties left by deletions never make a move a no-op.
    const reordered = [...list];
    [reordered[index], reordered[other]] = [reordered[other], reordered[index]];
    for (const [position, q] of reordered.entries()) {
      await tx
        .update(quizQuestions)
        .set({ questionOrder: position + 1 })
        .where(eq(quizQuestions.id, q.id));
    }
    return true;
  });
}
