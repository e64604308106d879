import { and, asc, desc, eq, inArray, isNotNull, not, sql } from "drizzle-orm";
import { quizAnswers, quizOptions, quizPlays, quizQuestions } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { tallyCountedAnswers } from "./counted-plays.server";
import { PREVIEW_VISITOR_PREFIX, percentShares } from "./play-rules";
import { countQuestionReports, type QuestionReportCounts } from "./question-reports.server";
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
    reports: QuestionReportCounts;
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

/** Started/finished are every visitor's; the other numbers are counted plays', as players are shown. */
export async function getQuizResults(db: Db, quizId: string): Promise<QuizResults> {
  const questions = await db
    .select({ id: quizQuestions.id, questionText: quizQuestions.questionText })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt));
  const questionIds = questions.map((q) => q.id);
  const preview = sql`${quizPlays.visitorId} like ${`${PREVIEW_VISITOR_PREFIX}%`}`;
  const [byScore, votes, options, tallies, recent, reports] = await Promise.all([
    // Counted plays are never previews (finishPlays does not count them).
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
    tallyCountedAnswers(db, quizId, questionIds),
    db
      .select()
      .from(quizPlays)
      .where(and(eq(quizPlays.quizId, quizId), isNotNull(quizPlays.finishedAt), notPreview))
      .orderBy(desc(quizPlays.finishedAt))
      .limit(20),
    countQuestionReports(db, questionIds),
  ]);
  const tally = new Map(tallies.map((t) => [t.optionId, Number(t.n)]));
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
        reports: reports.get(q.id) ?? { wrong_answer: 0, unclear: 0, outdated: 0 },
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
