import { z } from "zod";
import { getViewer } from "~/features/auth/guard.server";
import { startPlay } from "~/features/play/play.server";
import { limitPlayRequests, playErrorResponse } from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID } from "~/features/play/play-rules";
import { getQuizRow } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import type { Route } from "./+types/start";

const startSchema = z.object({ quizId: z.string(), visitorId: PLAY_VISITOR_ID });

/** POST /api/quiz-plays: starts a play of an active quiz (an admin may preview an inactive one, uncounted). */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  await limitPlayRequests(db, request);
  const body = await readJsonBody(request, startSchema);
  if ("response" in body) return body.response;
  const input = body.data;
  const quiz = await getQuizRow(db, input.quizId);
  const preview = Boolean(quiz && !quiz.isActive && (await getViewer(request)).isAdmin);
  if (!quiz || (!quiz.isActive && !preview)) {
    return jsonError(404, "Quizet hittades inte");
  }
  try {
    const play = await startPlay(db, quiz.id, input.visitorId, { preview });
    return Response.json(play, { status: 201 });
  } catch (error) {
    return playErrorResponse(error);
  }
}

export const loader = methodNotAllowed;
