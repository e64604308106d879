import { and, count, eq, inArray, sql } from "drizzle-orm";
import { quizAnswers, quizQuestionReports } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { realVisitorId } from "./counted-plays.server";
import { QUESTION_REPORT_REASONS, type QuestionReportReason } from "./play-rules";
import { loadOwnPlay } from "./start-play.server";

/**
 * "Rapportera frågan": a player who has answered a question may report it (fel svar, otydlig, inaktuell).
 * Only after answering, so the report is about a question the player has seen with its key. One report per
 * visitor and question: reporting again replaces the reason.
 */
export async function reportQuestion(
  db: Db,
  input: { playId: string; visitorId: string; questionId: string; reason: QuestionReportReason },
): Promise<void> {
  const play = await loadOwnPlay(db, input.playId, input.visitorId);
  const [answered] = await db
    .select({ questionId: quizAnswers.questionId })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.playId, play.id), eq(quizAnswers.questionId, input.questionId)));
  if (!answered) throw new AppError("conflict", { message: "Svara på frågan innan du rapporterar den" });
  await db
    .insert(quizQuestionReports)
    .values({ questionId: input.questionId, visitorId: realVisitorId(play.visitorId), reason: input.reason })
    .onConflictDoUpdate({
      target: [quizQuestionReports.questionId, quizQuestionReports.visitorId],
      set: { reason: input.reason, createdAt: sql`now()` },
    });
}

export type QuestionReportCounts = Record<QuestionReportReason, number>;

/** Reports per question and reason, for the admin results page. */
export async function countQuestionReports(
  db: Db,
  questionIds: string[],
): Promise<Map<string, QuestionReportCounts>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({ questionId: quizQuestionReports.questionId, reason: quizQuestionReports.reason, n: count() })
    .from(quizQuestionReports)
    .where(inArray(quizQuestionReports.questionId, questionIds))
    .groupBy(quizQuestionReports.questionId, quizQuestionReports.reason);
  const counts = new Map<string, QuestionReportCounts>();
  for (const row of rows) {
    const own = counts.get(row.questionId) ?? { wrong_answer: 0, unclear: 0, outdated: 0 };
    if (row.reason in QUESTION_REPORT_REASONS) own[row.reason as QuestionReportReason] = Number(row.n);
    counts.set(row.questionId, own);
  }
  return counts;
}
