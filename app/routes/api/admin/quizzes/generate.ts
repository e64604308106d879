import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { QuizGenerationError } from "~/features/quiz-generation/provider";
import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { allowMethods } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/generate";

/** POST /api/admin/quizzes/generate: "generate daily quiz", answering `{ title, quizId }`. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  try {
    return Response.json(await generateDailyQuiz(getDb(), getEnv()));
  } catch (error) {
    if (error instanceof QuizGenerationError) {
      logger.warn({ err: error }, "quiz generation refused");
      return jsonError(502, error.message);
    }
    throw error;
  }
}

export const loader = adminMethodNotAllowed;
