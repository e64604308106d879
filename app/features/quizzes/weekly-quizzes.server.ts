import { and, count, desc, eq, exists, gt, isNotNull, isNull, min, ne, or, type SQL, sql } from "drizzle-orm";
import { quizQuestions, quizzes } from "~/db/schema";
import { pageShows } from "~/lib/content-changes.server";
import { type Db, onlyRow } from "~/lib/db.server";
import { pageWindow } from "~/lib/paging";
import { type IsoWeek, stockholmIsoWeek } from "~/lib/time";
import { NUTIDSQUIZ_CATEGORY } from "./categories";
import { publishedCondition, type QuizSummary, summarize } from "./quiz-queries.server";
import { featurableWeeks } from "./weekly";

/** Weeks per page of the archive: a year of weekly quizzes fits in three pages, and the page stays small. */
const ARCHIVE_PAGE_SIZE = 20;

/** 202648 for 2026-W48: one number that orders weeks, for comparisons in SQL. */
const weekKey = sql<number>`(${quizzes.weekYear} * 100 + ${quizzes.week})`;
const keyOf = (week: IsoWeek) => week.weekYear * 100 + week.week;

/** Published NutidsQuizzes that belong to a week and have questions (an empty quiz is never offered). */
function publishedWeekly(db: Db, now: Date): SQL {
  return and(
    publishedCondition(now),
    eq(quizzes.category, NUTIDSQUIZ_CATEGORY),
    isNotNull(quizzes.week),
    exists(
      db.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.quizId, quizzes.id)),
    ),
  ) as SQL;
}

const newestWeekFirst = [
  desc(quizzes.weekYear),
  desc(quizzes.week),
  desc(quizzes.publishedAt),
  desc(quizzes.id),
];

/** The current week's quiz, or the next week's once out (it is published the Sunday before). */
export async function findFeaturedWeeklyQuiz(db: Db, now: Date): Promise<QuizSummary | null> {
  pageShows("quizzes");
  const { from, to } = featurableWeeks(now);
  const rows = await db
    .select()
    .from(quizzes)
    .where(and(publishedWeekly(db, now), sql`${weekKey} between ${keyOf(from)} and ${keyOf(to)}`))
    .orderBy(...newestWeekFirst)
    .limit(1);
  const [summary] = await summarize(db, rows);
  return summary ?? null;
}

export type WeeklyArchivePage = {
  quizzes: QuizSummary[];
  page: number;
  pages: number;
  total: number;
};

export async function listWeeklyArchive(
  db: Db,
  now: Date,
  asked: number,
  featuredId: string | null,
): Promise<WeeklyArchivePage> {
  pageShows("quizzes");
  const current = stockholmIsoWeek(now);
  const where = and(
    publishedWeekly(db, now),
    sql`${weekKey} <= ${keyOf(current)}`,
    featuredId ? ne(quizzes.id, featuredId) : undefined,
  );
  const total = Number(onlyRow(await db.select({ n: count() }).from(quizzes).where(where)).n);
  const { offset, limit, page, pages } = pageWindow(total, asked, ARCHIVE_PAGE_SIZE);
  const rows = await db
    .select()
    .from(quizzes)
    .where(where)
    .orderBy(...newestWeekFirst)
    .limit(limit)
    .offset(offset);
  return { quizzes: await summarize(db, rows), page, pages, total };
}

/** NutidsQuizzes published after `since`, newest week first: what is new to announce. */
export async function listWeeklyQuizzesPublishedSince(
  db: Db,
  since: Date,
  now: Date,
): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: quizzes.id, title: quizzes.title })
    .from(quizzes)
    .where(
      and(
        publishedWeekly(db, now),
        or(gt(quizzes.publishedAt, since), and(isNull(quizzes.publishedAt), gt(quizzes.createdAt, since))),
      ),
    )
    .orderBy(...newestWeekFirst);
}

/** When the next NutidsQuiz already scheduled (active, published later than now) comes out; null if none is. */
export async function findNextScheduledWeeklyQuiz(db: Db, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ at: min(quizzes.publishedAt) })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.isActive, true),
        eq(quizzes.category, NUTIDSQUIZ_CATEGORY),
        gt(quizzes.publishedAt, now),
      ),
    );
  const at = onlyRow(rows).at;
  return at ? new Date(at) : null;
}
