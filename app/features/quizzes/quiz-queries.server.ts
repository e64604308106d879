import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { quizOptions, quizQuestions, quizzes } from "~/db/schema";
import { pageShows } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import { isUuid } from "~/lib/http.server";
import type { IsoWeek } from "~/lib/time";

export type QuizRow = typeof quizzes.$inferSelect;

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
  /** The ISO week of a NutidsQuiz; null for other categories. */
  week: IsoWeek | null;
  /** ISO time it was (or will be) published; null while never published. */
  publishedAt: string | null;
  questionCount: number;
};

export function weekOf(row: Pick<QuizRow, "weekYear" | "week">): IsoWeek | null {
  return row.weekYear !== null && row.week !== null ? { weekYear: row.weekYear, week: row.week } : null;
}

/** Active and published; a quiz activated before publication times existed counts as published. */
export function isPublished(row: Pick<QuizRow, "isActive" | "publishedAt">, now: Date): boolean {
  return row.isActive && (row.publishedAt === null || row.publishedAt.getTime() <= now.getTime());
}

export function publishedCondition(now: Date): SQL {
  return and(
    eq(quizzes.isActive, true),
    or(isNull(quizzes.publishedAt), lte(quizzes.publishedAt, now)),
  ) as SQL;
}

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
    week: weekOf(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    questionCount,
  };
}

export async function summarize(db: Db, rows: QuizRow[]): Promise<QuizSummary[]> {
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

export async function listActiveQuizzes(
  db: Db,
  category?: string,
  now: Date = new Date(),
): Promise<QuizSummary[]> {
  // The page cache drops a page showing quizzes when a quiz write commits (lib/content-changes.server.ts).
  pageShows("quizzes");
  const rows = await db
    .select()
    .from(quizzes)
    .where(category ? and(publishedCondition(now), eq(quizzes.category, category)) : publishedCondition(now))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id));
  return summarize(db, rows);
}

export async function listAllQuizzes(
  db: Db,
  { offset = 0, limit }: { offset?: number; limit?: number } = {},
): Promise<QuizSummary[]> {
  const query = db.select().from(quizzes).orderBy(desc(quizzes.createdAt), desc(quizzes.id)).offset(offset);
  return summarize(db, await (limit === undefined ? query : query.limit(limit)));
}

export async function countQuizzes(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quizzes);
  return Number(row?.n ?? 0);
}

export async function countQuestions(db: Db, quizId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return Number(row?.n ?? 0);
}

export async function findQuizRow(db: Db, id: string): Promise<QuizRow | null> {
  pageShows("quizzes");
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, id));
  return row ?? null;
}

export async function findActiveQuizSummaryBySlug(
  db: Db,
  titleSlug: string,
  now: Date = new Date(),
): Promise<QuizSummary | null> {
  pageShows("quizzes");
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.titleSlug, titleSlug), publishedCondition(now)));
  if (!row) return null;
  const [summary] = await summarize(db, [row]);
  return summary ?? null;
}

export async function findPublishedQuizSummary(db: Db, id: string, now: Date): Promise<QuizSummary | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, id), publishedCondition(now)));
  const [summary] = await summarize(db, rows);
  return summary ?? null;
}

type EditorOption = { id: string; optionText: string; isCorrect: boolean; optionOrder: number };
export type EditorQuestion = {
  id: string;
  questionText: string;
  imageUrl: string | null;
  imageAlt: string | null;
  questionOrder: number;
  sourceUrl: string | null;
  sourceOutlet: string | null;
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
