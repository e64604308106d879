import { eq, sql } from "drizzle-orm";
import { quizScoreCounts } from "~/db/schema";
import { type Db, onlyRow } from "~/lib/db.server";
import { countVotes } from "./quiz-votes.server";

export type QuizStats = { players: number; average: number | null; up: number; down: number };

/** Counted (first finished) plays and their average (from quiz_score_counts), plus the thumbs votes. */
export async function getQuizStats(db: Db, quizId: string): Promise<QuizStats> {
  const [rows, votes] = await Promise.all([
    db
      .select({
        players: sql<number>`coalesce(sum(${quizScoreCounts.plays}), 0)::int`,
        average: sql<
          string | null
        >`sum(${quizScoreCounts.score} * ${quizScoreCounts.plays})::numeric / nullif(sum(${quizScoreCounts.plays}), 0)`,
      })
      .from(quizScoreCounts)
      .where(eq(quizScoreCounts.quizId, quizId)),
    countVotes(db, quizId),
  ]);
  const plays = onlyRow(rows);
  return {
    players: Number(plays.players),
    average: plays.average === null ? null : Number(plays.average),
    ...votes,
  };
}
