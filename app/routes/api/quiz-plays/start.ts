import { z } from "zod";
import { getViewer } from "~/features/auth/guard.server";
import { limitPlayRequests } from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID } from "~/features/play/play-schema";
import { startPlay } from "~/features/play/start-play.server";
import { findQuizRow, isPublished } from "~/features/quizzes/quiz-queries.server";
import { answerAppError, jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import type { Route } from "./+types/start";

const startSchema = z.object({ quizId: z.string(), visitorId: PLAY_VISITOR_ID });

/** POST /api/quiz-plays: starts a play of a published quiz (an admin may preview an unpublished one, uncounted). */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  try {
    const db = getDb();
    await limitPlayRequests(db, request);
    const body = await readJsonBody(request, startSchema);
    if ("response" in body) return body.response;
    const input = body.data;
    const quiz = await findQuizRow(db, input.quizId);
    const published = Boolean(quiz && isPublished(quiz, requestNow(request)));
    const preview = Boolean(quiz && !published && (await getViewer(request)).isAdmin);
    if (!quiz || (!published && !preview)) return jsonError(404, "Quizet hittades inte");
    const play = await startPlay(db, quiz.id, input.visitorId, { preview });
    return Response.json(play, { status: 201 });
  } catch (error) {
    return answerAppError(error);
  }
}

export const loader = methodNotAllowed;
