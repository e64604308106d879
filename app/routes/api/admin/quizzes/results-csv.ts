import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { listFinishedPlaysForExport } from "~/features/play/quiz-results.server";
import { buildResultsCsv, resultsCsvFileName } from "~/features/play/results-csv";
import { findQuizRow } from "~/features/quizzes/quiz-queries.server";
import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/results-csv";

/** GET /api/admin/quizzes/:id/results.csv: one row per finished play ("Exportera CSV"). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "json");
  const db = getDb();
  const quiz = await findQuizRow(db, params.id);
  if (!quiz) return jsonError(404, "Quizet hittades inte");
  const { questionCount, plays } = await listFinishedPlaysForExport(db, quiz.id);
  return new Response(buildResultsCsv(questionCount, plays), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${resultsCsvFileName(quiz.titleSlug, new Date())}"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = adminMethodNotAllowed;
