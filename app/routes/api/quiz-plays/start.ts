import { z } from "zod";
import { getViewer } from "~/features/auth/guard.server";
import { startPlay } from "~/features/play/play.server";
import {
  limitPlayRequests,
  playErrorResponse,
  readJsonBody,
  requirePost,
} from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID } from "~/features/play/play-rules";
import { getQuizRow } from "~/features/quizzes/quizzes.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/start";

const startSchema = z.object({ quizId: z.string(), visitorId: PLAY_VISITOR_ID });

/** POST /api/quiz-plays: starts a play of an active quiz (an admin may preview an inactive one, uncounted). */
export async function action({ request }: Route.ActionArgs) {
  requirePost(request);
  const db = getDb();
  await limitPlayRequests(db, request);
  const input = await readJsonBody(request, startSchema);
  const quiz = await getQuizRow(db, input.quizId);
  const preview = Boolean(quiz && !quiz.isActive && (await getViewer(request)).isAdmin);
  if (!quiz || (!quiz.isActive && !preview)) {
    return Response.json({ error: "Quizet hittades inte" }, { status: 404 });
  }
  try {
    const play = await startPlay(db, quiz.id, input.visitorId, { preview });
    return Response.json(play, { status: 201 });
  } catch (error) {
    return playErrorResponse(error);
  }
}
