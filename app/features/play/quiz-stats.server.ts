import { and, count, eq, sql } from "drizzle-orm";
import { quizPlays } from "~/db/schema";
import { type Db, onlyRow } from "~/lib/db.server";
import { countVotes } from "./quiz-votes.server";

export type QuizStats = { players: number; average: number | null; up: number; down: number };

/** Counted (first finished) plays and their average, plus the thumbs votes. */
export async function getQuizStats(db: Db, quizId: string): Promise<QuizStats> {
  const rows = await db
    .select({ players: count(), average: sql<string | null>`avg(${quizPlays.score})` })
    .from(quizPlays)
    .where(and(eq(quizPlays.quizId, quizId), eq(quizPlays.counted, true)));
  const plays = onlyRow(rows);
  return {
    players: Number(plays.players),
    average: plays.average === null ? null : Number(plays.average),
    ...(await countVotes(db, quizId)),
  };
}
