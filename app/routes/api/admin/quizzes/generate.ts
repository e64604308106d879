import { requireAdmin } from "~/features/auth/guard.server";
import { requirePost } from "~/features/play/play-api.server";
import { generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { QuizGenerationError } from "~/features/quiz-generation/provider";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/generate";

/** POST /api/admin/quizzes/generate: "generate daily quiz", answering `{ title, quizId }`. */
export async function action({ request }: Route.ActionArgs) {
  requirePost(request);
  await requireAdmin(request, "json");
  try {
    return Response.json(await generateDailyQuiz(getDb(), getEnv()));
  } catch (error) {
    if (error instanceof QuizGenerationError) {
      logger.warn({ err: error }, "quiz generation refused");
      return Response.json({ error: error.message }, { status: 502 });
    }
    throw error;
  }
}
