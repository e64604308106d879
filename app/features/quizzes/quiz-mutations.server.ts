import { eq, like, or } from "drizzle-orm";
import { quizOptions, quizQuestions, quizzes } from "~/db/schema";
import { releaseImages } from "~/features/images/public.server";
import { contentChanged } from "~/lib/content-changes.server";
import { type Db, onlyRow } from "~/lib/db.server";
import { isUuid } from "~/lib/http.server";
import { slugify, uniqueSlug } from "~/lib/slug";
import type { IsoWeek } from "~/lib/time";
import { lockSlugScope } from "~/lib/transaction-lock.server";
import { NUTIDSQUIZ_CATEGORY } from "./categories";
import type { QuizRow } from "./quiz-queries.server";
import { nutidsQuizWeekFor } from "./weekly";

type NewQuestionInput = {
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
  /** A NutidsQuiz's week; by default the week it is made for (nutidsQuizWeekFor). Ignored for other categories. */
  week?: IsoWeek | null;
  /** By default the moment it is made when it is made active, else not yet published. */
  publishedAt?: Date | null;
  questions?: NewQuestionInput[];
};

/** Paths under /veckans-nutidsquiz/ that are pages of their own, so no quiz may take them as its slug. */
const RESERVED_QUIZ_SLUGS = ["arkiv", "spela", "liga"];

function weekColumns(category: string, week: IsoWeek | null | undefined, now: Date) {
  if (category !== NUTIDSQUIZ_CATEGORY) return { weekYear: null, week: null };
  const chosen = week ?? nutidsQuizWeekFor(now);
  return { weekYear: chosen.weekYear, week: chosen.week };
}

async function findFreeQuizSlug(tx: Db, title: string, exceptId?: string): Promise<string> {
  await lockSlugScope(tx, "quizzes");
  const base = slugify(title) || "quiz";
  const rows = await tx
    .select({ id: quizzes.id, slug: quizzes.titleSlug })
    .from(quizzes)
    .where(or(eq(quizzes.titleSlug, base), like(quizzes.titleSlug, `${base}-%`)));
  return uniqueSlug(base, [
    ...rows.filter((r) => r.id !== exceptId).map((r) => r.slug),
    ...RESERVED_QUIZ_SLUGS,
  ]);
}

export async function createQuizWithQuestions(db: Db, input: NewQuizInput): Promise<QuizRow> {
  const created = await db.transaction(async (tx) => {
    const titleSlug = await findFreeQuizSlug(tx as unknown as Db, input.title);
    const createdAt = input.createdAt ?? new Date();
    const isActive = input.isActive ?? false;
    const quizRows = await tx
      .insert(quizzes)
      .values({
        title: input.title.trim(),
        titleSlug,
        category: input.category,
        difficulty: input.difficulty ?? "medium",
        description: input.description ?? null,
        imageUrl: input.imageUrl ?? null,
        isActive,
        ...weekColumns(input.category, input.week, createdAt),
        publishedAt: input.publishedAt !== undefined ? input.publishedAt : isActive ? createdAt : null,
        createdAt,
      })
      .returning();
    const quiz = onlyRow(quizRows);
    for (const [index, question] of (input.questions ?? []).entries()) {
      const rows = await tx
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
      const row = onlyRow(rows);
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
  contentChanged("quizzes");
  return created;
}

export type QuizFields = {
  title: string;
  category: string;
  difficulty: "easy" | "medium" | "hard";
  description: string | null;
  isActive: boolean;
  imageUrl?: string | null;
  /** The week of a NutidsQuiz; none lets a NutidsQuiz keep (or get) the week it is made for. */
  week?: IsoWeek | null;
  /** A chosen publication time; none keeps the current one, or publishes now when the quiz is made active. */
  publishedAt?: Date | null;
};

export async function createQuiz(db: Db, fields: QuizFields): Promise<QuizRow> {
  return createQuizWithQuestions(db, { ...fields, questions: [] });
}

export async function updateQuiz(db: Db, id: string, fields: QuizFields): Promise<QuizRow | undefined> {
  let replacedImage: string | null = null;
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, id)).for("update");
    if (!current) return undefined;
    const title = fields.title.trim();
    const titleSlug =
      title === current.title ? current.titleSlug : await findFreeQuizSlug(tx as unknown as Db, title, id);
    const now = new Date();
    const currentWeek =
      current.weekYear !== null && current.week !== null
        ? { weekYear: current.weekYear, week: current.week }
        : null;
    const [row] = await tx
      .update(quizzes)
      .set({
        title,
        titleSlug,
        category: fields.category,
        difficulty: fields.difficulty,
        description: fields.description,
        isActive: fields.isActive,
        ...weekColumns(fields.category, fields.week ?? currentWeek, current.createdAt),
        publishedAt: fields.publishedAt ?? current.publishedAt ?? (fields.isActive ? now : null),
        ...(fields.imageUrl ? { imageUrl: fields.imageUrl } : {}),
        updatedAt: now,
      })
      .where(eq(quizzes.id, id))
      .returning();
    if (fields.imageUrl) replacedImage = current.imageUrl;
    return row;
  });
  if (updated) contentChanged("quizzes");
  await releaseImages(db, [replacedImage]);
  return updated;
}

/** Deletes a quiz; the foreign keys cascade to questions, options, plays, answers and votes. */
export async function deleteQuiz(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const images = await db.transaction(async (tx) => {
    const questions = await tx
      .select({ imageUrl: quizQuestions.imageUrl })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, id));
    const rows = await tx.delete(quizzes).where(eq(quizzes.id, id)).returning({ imageUrl: quizzes.imageUrl });
    return rows.length ? [...rows, ...questions].map((r) => r.imageUrl) : null;
  });
  if (images) {
    contentChanged("quizzes");
    await releaseImages(db, images);
  }
  return images !== null;
}
