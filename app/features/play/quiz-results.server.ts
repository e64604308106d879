import { and, asc, desc, eq, inArray, isNotNull, not, sql } from "drizzle-orm";
import { quizAnswers, quizOptions, quizPlays, quizQuestions, quizzes } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { PREVIEW_VISITOR_PREFIX, percentShares } from "./play-rules";
import { countVotes } from "./quiz-votes.server";

const notPreview = not(sql`${quizPlays.visitorId} like ${`${PREVIEW_VISITOR_PREFIX}%`}`);

export type QuizResults = {
  started: number;
  finished: number;
  average: number | null;
  counted: number;
  up: number;
  down: number;
  countedScores: number[];
  questions: {
    id: string;
    questionText: string;
    answers: number;
    correctRate: number | null;
    options: { id: string; optionText: string; isCorrect: boolean; share: number }[];
  }[];
  recent: {
    id: string;
    visitorId: string;
    finishedAt: string;
    score: number;
    total: number;
    counted: boolean;
  }[];
};

/**
 * Everything the results page shows. Admin previews are left out of every number. The busiest quiz has
 * tens of thousands of plays, so each table is read once: the plays in one pass grouped by score, and the
 * answers counted straight from the (question_id, option_id) index, less the few answers of previews.
 */
export async function getQuizResults(db: Db, quizId: string): Promise<QuizResults> {
  const questions = await db
    .select({ id: quizQuestions.id, questionText: quizQuestions.questionText })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));
  const questionIds = questions.map((q) => q.id);
  const preview = sql`${quizPlays.visitorId} like ${`${PREVIEW_VISITOR_PREFIX}%`}`;
  const [byScore, votes, options, tallies, recent] = await Promise.all([
    // Counted plays are never previews (finishIfComplete does not count them).
    db
      .select({
        score: quizPlays.score,
        started: sql<number>`(count(*) filter (where not ${preview}))::int`,
        finished: sql<number>`(count(${quizPlays.finishedAt}) filter (where not ${preview}))::int`,
        counted: sql<number>`(count(*) filter (where ${quizPlays.counted}))::int`,
      })
      .from(quizPlays)
      .where(eq(quizPlays.quizId, quizId))
      .groupBy(quizPlays.score),
    countVotes(db, quizId),
    questionIds.length
      ? db
          .select()
          .from(quizOptions)
          .where(inArray(quizOptions.questionId, questionIds))
          .orderBy(asc(quizOptions.optionOrder))
      : Promise.resolve([]),
    // An answer's question always belongs to its play's quiz (answerQuestion checks), so the previews'
    // answers are those of this quiz's preview plays.
    questionIds.length
      ? queryRows<{ option_id: string; n: number }>(
          db,
          sql`select option_id, sum(n)::int as n from (
                select a.option_id, count(*) as n from quiz_answers a
                where a.question_id in (${sql.join(questionIds, sql`, `)})
                group by a.question_id, a.option_id
                union all
                select a.option_id, -count(*) from quiz_plays
                join quiz_answers a on a.play_id = quiz_plays.id
                where quiz_plays.quiz_id = ${quizId} and ${preview}
                group by a.option_id
              ) t group by option_id`,
        )
      : Promise.resolve([]),
    db
      .select()
      .from(quizPlays)
      .where(and(eq(quizPlays.quizId, quizId), isNotNull(quizPlays.finishedAt), notPreview))
      .orderBy(desc(quizPlays.finishedAt))
      .limit(20),
  ]);
  const tally = new Map(tallies.map((t) => [t.option_id, Number(t.n)]));
  const totals = { started: 0, finished: 0, counted: 0, scoreSum: 0 };
  const countedScores: number[] = [];
  for (const row of byScore) {
    totals.started += Number(row.started);
    totals.finished += Number(row.finished);
    totals.counted += Number(row.counted);
    totals.scoreSum += row.score * Number(row.counted);
    for (let i = 0; i < Number(row.counted); i++) countedScores.push(row.score);
  }
  return {
    started: totals.started,
    finished: totals.finished,
    average: totals.counted ? totals.scoreSum / totals.counted : null,
    counted: totals.counted,
    up: votes.up,
    down: votes.down,
    countedScores,
    questions: questions.map((q) => {
      const own = options.filter((o) => o.questionId === q.id);
      const counts = own.map((o) => tally.get(o.id) ?? 0);
      const answers = counts.reduce((a, b) => a + b, 0);
      const percents = percentShares(counts);
      const correct = own.reduce((sum, o) => sum + (o.isCorrect ? (tally.get(o.id) ?? 0) : 0), 0);
      return {
        id: q.id,
        questionText: q.questionText,
        answers,
        correctRate: answers ? correct / answers : null,
        options: own.map((o, i) => ({
          id: o.id,
          optionText: o.optionText,
          isCorrect: o.isCorrect,
          // percentShares returns one share per count, so i is in range.
          share: percents[i]!,
        })),
      };
    }),
    recent: recent.map((p) => ({
      id: p.id,
      visitorId: p.visitorId,
      finishedAt: (p.finishedAt as Date).toISOString(),
      score: p.score,
      total: p.questionCount,
      counted: p.counted,
    })),
  };
}

/** Finished plays with their per-question correctness, in question order, for the CSV export. */
export async function listFinishedPlaysForExport(db: Db, quizId: string) {
  const questions = await db
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));
  const plays = await db
    .select()
    .from(quizPlays)
    .where(and(eq(quizPlays.quizId, quizId), isNotNull(quizPlays.finishedAt), notPreview))
    .orderBy(asc(quizPlays.finishedAt));
  const answers = plays.length
    ? await db
        .select({
          playId: quizAnswers.playId,
          questionId: quizAnswers.questionId,
          isCorrect: quizAnswers.isCorrect,
        })
        .from(quizAnswers)
        .where(
          inArray(
            quizAnswers.playId,
            plays.map((p) => p.id),
          ),
        )
    : [];
  const key = (playId: string, questionId: string) => `${playId}/${questionId}`;
  const byKey = new Map(answers.map((a) => [key(a.playId, a.questionId), a.isCorrect]));
  return {
    questionCount: questions.length,
    plays: plays.map((p) => ({
      playId: p.id,
      visitorId: p.visitorId,
      startedAt: p.startedAt,
      finishedAt: p.finishedAt as Date,
      score: p.score,
      total: p.questionCount,
      counted: p.counted,
      correctness: questions.map((q) => byKey.get(key(p.id, q.id)) ?? null),
    })),
  };
}

export async function quizExists(db: Db, quizId: string): Promise<boolean> {
  const [row] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId));
  return Boolean(row);
}
