import { count, eq } from "drizzle-orm";
import { quizVotes } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** One vote per visitor and quiz; voting again changes it (a single upsert). */
export async function castVote(
  db: Db,
  quizId: string,
  visitorId: string,
  vote: "up" | "down",
): Promise<void> {
  await db
    .insert(quizVotes)
    .values({ quizId, visitorId, vote })
    .onConflictDoUpdate({
      target: [quizVotes.quizId, quizVotes.visitorId],
      set: { vote, updatedAt: new Date() },
    });
}

/** Thumbs up and down of a quiz. */
export async function countVotes(db: Db, quizId: string): Promise<{ up: number; down: number }> {
  const votes = await db
    .select({ vote: quizVotes.vote, n: count() })
    .from(quizVotes)
    .where(eq(quizVotes.quizId, quizId))
    .groupBy(quizVotes.vote);
  return {
    up: Number(votes.find((v) => v.vote === "up")?.n ?? 0),
    down: Number(votes.find((v) => v.vote === "down")?.n ?? 0),
  };
}
