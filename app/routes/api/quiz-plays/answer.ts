import { z } from "zod";
import { answerQuestion } from "~/features/play/play.server";
import {
  limitPlayRequests,
  playErrorResponse,
  readJsonBody,
  requirePost,
} from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID } from "~/features/play/play-rules";
import { isUuid } from "~/features/quizzes/quizzes.server";
import { getDb } from "~/lib/db.server";
import { clientIp } from "~/lib/rate-limit.server";
import type { Route } from "./+types/answer";

const answerSchema = z.object({
  visitorId: PLAY_VISITOR_ID,
  questionId: z.string().refine(isUuid),
  optionId: z.string().refine(isUuid),
});

/** POST /api/quiz-plays/:playId/answers: stores one answer and returns its feedback (and the result at the end). */
export async function action({ request, params }: Route.ActionArgs) {
  requirePost(request);
  const db = getDb();
  await limitPlayRequests(db, request);
  if (!isUuid(params.playId)) return Response.json({ error: "Spelomgången hittades inte" }, { status: 404 });
  const input = await readJsonBody(request, answerSchema);
  try {
    const ip = clientIp(request);
    return Response.json(await answerQuestion(db, { playId: params.playId, ...input, clientIp: ip }));
  } catch (error) {
    return playErrorResponse(error);
  }
}
