import { challengeRequestSchema } from "~/features/play/challenge";
import { createChallenge } from "~/features/play/challenge.server";
import { limitPlayRequests } from "~/features/play/play-api.server";
import { findQuizRow } from "~/features/quizzes/quiz-queries.server";
import { AppError, answerAppError, appErrorJson } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods, isUuid, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/challenge";

/** POST /api/quiz-plays/:playId/challenge: "Utmana en vän", a link to the quiz carrying this play's result. */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  try {
    const db = getDb();
    await limitPlayRequests(db, request);
    const body = await readJsonBody(request, challengeRequestSchema);
    if ("response" in body) return body.response;
    const made = isUuid(params.playId)
      ? await createChallenge(db, {
          playId: params.playId,
          visitorId: body.data.visitorId,
          name: body.data.name,
        })
      : null;
    const quiz = made ? await findQuizRow(db, made.quizId) : null;
    if (!made || !quiz) return appErrorJson(new AppError("not-found", { message: "Spelet hittades inte" }));
    return Response.json({
      url: `${siteOrigin()}/veckans-nutidsquiz/${quiz.titleSlug}?utmaning=${made.code}`,
    });
  } catch (error) {
    return answerAppError(error);
  }
}

export const loader = methodNotAllowed;
