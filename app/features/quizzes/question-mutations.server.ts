import { and, asc, eq, sql } from "drizzle-orm";
import { quizOptions, quizQuestions } from "~/db/schema";
import { releaseImages } from "~/features/images/public.server";
import { contentChanged } from "~/lib/content-changes.server";
import { type Db, onlyRow } from "~/lib/db.server";
import { isUuid } from "~/lib/http.server";
import { rescoreQuestion } from "./answer-key.server";

export type QuestionFields = {
  questionText: string;
  options: [string, string, string];
  correct: number;
  imageUrl?: string | null;
  imageAlt?: string | null;
};

export async function addQuestion(db: Db, quizId: string, fields: QuestionFields): Promise<string> {
  const id = await db.transaction(async (tx) => {
    const last = await tx
      .select({ next: sql<number>`coalesce(max(${quizQuestions.questionOrder}), 0) + 1` })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId));
    const { next } = onlyRow(last);
    const rows = await tx
      .insert(quizQuestions)
      .values({
        quizId,
        questionText: fields.questionText,
        imageUrl: fields.imageUrl ?? null,
        imageAlt: fields.imageAlt ?? null,
        questionOrder: Number(next),
      })
      .returning({ id: quizQuestions.id });
    const row = onlyRow(rows);
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
  contentChanged("quizzes");
  return id;
}

/** Options are updated in place by their order, so answers keep pointing at the option they chose. */
export async function updateQuestion(
  db: Db,
  quizId: string,
  questionId: string,
  fields: QuestionFields,
): Promise<boolean> {
  if (!isUuid(questionId)) return false;
  let replacedImage: string | null = null;
  const saved = await db.transaction(async (tx) => {
    const where = and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId));
    const [previous] = await tx
      .select({ imageUrl: quizQuestions.imageUrl })
      .from(quizQuestions)
      .where(where)
      .for("update");
    if (!previous) return false;
    const updated = await tx
      .update(quizQuestions)
      .set({
        questionText: fields.questionText,
        ...(fields.imageUrl ? { imageUrl: fields.imageUrl } : {}),
        ...(fields.imageAlt !== undefined ? { imageAlt: fields.imageAlt } : {}),
      })
      .where(where)
      .returning({ id: quizQuestions.id });
    if (updated.length === 0) return false;
    const before = await tx
      .select({ optionOrder: quizOptions.optionOrder, isCorrect: quizOptions.isCorrect })
      .from(quizOptions)
      .where(eq(quizOptions.questionId, questionId));
    const wasCorrect = before.find((o) => o.isCorrect)?.optionOrder;
    for (const [index, text] of fields.options.entries()) {
      await tx
        .insert(quizOptions)
        .values({ questionId, optionText: text, isCorrect: index === fields.correct, optionOrder: index + 1 })
        .onConflictDoUpdate({
          target: [quizOptions.questionId, quizOptions.optionOrder],
          set: { optionText: text, isCorrect: index === fields.correct },
        });
    }
    if (wasCorrect !== fields.correct + 1) await rescoreQuestion(tx as unknown as Db, quizId, questionId);
    if (fields.imageUrl) replacedImage = previous.imageUrl;
    return true;
  });
  if (saved) contentChanged("quizzes");
  // After the commit: a failed save keeps the image its question still shows.
  await releaseImages(db, [replacedImage]);
  return saved;
}

export async function deleteQuestion(db: Db, quizId: string, questionId: string): Promise<boolean> {
  if (!isUuid(questionId)) return false;
  const rows = await db
    .delete(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId)))
    .returning({ imageUrl: quizQuestions.imageUrl });
  if (rows.length) contentChanged("quizzes");
  await releaseImages(
    db,
    rows.map((r) => r.imageUrl),
  );
  return rows.length > 0;
}

export async function moveQuestion(
  db: Db,
  quizId: string,
  questionId: string,
  direction: "up" | "down",
): Promise<boolean> {
  if (!isUuid(questionId)) return false;
  const moved = await db.transaction(async (tx) => {
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
    [reordered[index], reordered[other]] = [reordered[other]!, reordered[index]!];
    for (const [position, q] of reordered.entries()) {
      await tx
        .update(quizQuestions)
        .set({ questionOrder: position + 1 })
        .where(eq(quizQuestions.id, q.id));
    }
    return true;
  });
  if (moved) contentChanged("quizzes");
  return moved;
}
