import { asc, count, eq } from "drizzle-orm";
import { quizAnswers, quizPlays, quizQuestions } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { type Db, onlyRow } from "~/lib/db.server";
import { playNotFound } from "./play-api.server";
import type { PlayState } from "./play-contract";
import { feedbackFor, resultOf } from "./play-figures.server";
import { PREVIEW_VISITOR_PREFIX } from "./play-rules";

// A visitor's play of a quiz: started, and resumed after a reload (answer-question.server.ts answers it).

export async function startPlay(
  db: Db,
  quizId: string,
  visitorId: string,
  options: { preview?: boolean } = {},
): Promise<{ playId: string; questionCount: number }> {
  const counted = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const { n } = onlyRow(counted);
  const questionCount = Number(n);
  if (questionCount === 0) throw new AppError("conflict", { message: "Quizet har inga frågor än" });
  const rows = await db
    .insert(quizPlays)
    .values({
      quizId,
      visitorId: options.preview ? `${PREVIEW_VISITOR_PREFIX}${visitorId}` : visitorId,
      questionCount,
    })
    .returning({ id: quizPlays.id });
  return { playId: onlyRow(rows).id, questionCount };
}

type PlayRow = typeof quizPlays.$inferSelect;

export async function loadOwnPlay(db: Db, playId: string, visitorId: string): Promise<PlayRow> {
  const [play] = await db.select().from(quizPlays).where(eq(quizPlays.id, playId));
  // A play id alone is not a key: it must come with the visitor that started it.
  if (!play || (play.visitorId !== visitorId && play.visitorId !== `${PREVIEW_VISITOR_PREFIX}${visitorId}`)) {
    throw playNotFound();
  }
  return play;
}

/** Where a play stands, for resuming after a reload: feedback only for questions already answered. */
export async function getPlayState(db: Db, playId: string, visitorId: string): Promise<PlayState> {
  const play = await loadOwnPlay(db, playId, visitorId);
  const answers = await db
    .select({
      questionId: quizAnswers.questionId,
      optionId: quizAnswers.optionId,
      isCorrect: quizAnswers.isCorrect,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.playId, playId))
    .orderBy(asc(quizAnswers.answeredAt));
  return {
    playId,
    quizId: play.quizId,
    questionCount: play.questionCount,
    answers: await feedbackFor(db, play, answers),
    result: await resultOf(db, play),
  };
}
