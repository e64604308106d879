import { asc, eq, inArray } from "drizzle-orm";
import { quizOptions, type quizPlays, quizQuestions } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { countScoresBelow, tallyCountedAnswers } from "./counted-plays.server";
import type { AnswerFeedback, PlayResult } from "./play-contract";
import { betterThanPercent, percentShares, questionStats } from "./play-rules";
import { getQuizStats } from "./quiz-stats.server";

type StoredAnswer = { questionId: string; optionId: string; isCorrect: boolean };

/** Shares of other visitors' counted plays so far (counted-plays.server.ts); a resumed play shows today's figures. */
export async function feedbackFor(
  db: Db,
  play: Pick<typeof quizPlays.$inferSelect, "quizId" | "visitorId">,
  answers: StoredAnswer[],
): Promise<AnswerFeedback[]> {
  if (answers.length === 0) return [];
  const questionIds = answers.map((a) => a.questionId);
  const [options, tallies, sources] = await Promise.all([
    db
      .select({ id: quizOptions.id, questionId: quizOptions.questionId, isCorrect: quizOptions.isCorrect })
      .from(quizOptions)
      .where(inArray(quizOptions.questionId, questionIds))
      .orderBy(asc(quizOptions.optionOrder)),
    tallyCountedAnswers(db, play.quizId, questionIds, play.visitorId),
    db
      .select({
        id: quizQuestions.id,
        url: quizQuestions.sourceUrl,
        outlet: quizQuestions.sourceOutlet,
        publishedAt: quizQuestions.sourcePublishedAt,
      })
      .from(quizQuestions)
      .where(inArray(quizQuestions.id, questionIds)),
  ]);
  const tally = new Map(tallies.map((t) => [t.optionId, Number(t.n)]));
  const sourceOf = new Map(sources.map((s) => [s.id, s]));
  return answers.map((answer) =>
    toFeedback(
      answer,
      options.filter((o) => o.questionId === answer.questionId),
      tally,
      sourceOf.get(answer.questionId),
    ),
  );
}

export function toFeedback(
  answer: StoredAnswer,
  options: { id: string; isCorrect: boolean }[],
  tally: Map<string, number>,
  source: { url: string | null; outlet: string | null; publishedAt: Date | null } | undefined,
): AnswerFeedback {
  const counts = options.map((o) => tally.get(o.id) ?? 0);
  const percents = percentShares(counts);
  return {
    questionId: answer.questionId,
    chosenOptionId: answer.optionId,
    correctOptionId: options.find((o) => o.isCorrect)?.id ?? "",
    isCorrect: answer.isCorrect,
    // percentShares returns one share per count, so i is in range.
    shares: Object.fromEntries(options.map((o, i) => [o.id, percents[i]!])),
    players: counts.reduce((a, b) => a + b, 0),
    source: source?.url
      ? { url: source.url, outlet: source.outlet, publishedAt: source.publishedAt?.toISOString() ?? null }
      : null,
  };
}

export type FinishedPlay = Pick<
  typeof quizPlays.$inferSelect,
  "finishedAt" | "quizId" | "score" | "visitorId" | "questionCount"
>;

/** Compared with other visitors only, so a replay is not compared with the same visitor's first play. */
export async function resultOf(db: Db, play: FinishedPlay): Promise<PlayResult | null> {
  if (!play.finishedAt) return null;
  const [options, stats, scores, tallies] = await Promise.all([
    db
      .select({ id: quizOptions.id, questionId: quizOptions.questionId, isCorrect: quizOptions.isCorrect })
      .from(quizOptions)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizOptions.questionId))
      .where(eq(quizQuestions.quizId, play.quizId))
      .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt), asc(quizOptions.optionOrder)),
    getQuizStats(db, play.quizId),
    countScoresBelow(db, play.quizId, play.score, play.visitorId),
    tallyCountedAnswers(db, play.quizId, "all", play.visitorId),
  ]);
  return {
    score: play.score,
    questionCount: play.questionCount,
    average: stats.average,
    players: stats.players,
    betterThan: betterThanPercent(scores.below, scores.others),
    review: questionStats(options, tallies),
  };
}
