import { z } from "zod";
import { answerAppError, appErrorJson } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods, isUuid, readJsonBody, uuidParam } from "~/lib/http.server";
import { clientIp } from "~/lib/rate-limit.server";
import { answerWithOthers } from "./answer-batcher.server";
import { playNotFound, playRequestBudget } from "./play-api.server";
import { PLAY_VISITOR_ID } from "./play-schema";

const answerSchema = z.object({
  visitorId: PLAY_VISITOR_ID,
  questionId: z.string().refine(isUuid),
  optionId: z.string().refine(isUuid),
});

/**
 * POST /api/quiz-plays/:playId/answers: stores one answer and returns its feedback (and the result at the
 * end). The route's action, and the server's own handler for the busiest write (app/hot-writes.server.ts).
 */
export async function answerQuizAnswer(request: Request, params: { playId?: string }): Promise<Response> {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const playId = uuidParam(params.playId);
  if (!playId) return appErrorJson(playNotFound());
  const body = await readJsonBody(request, answerSchema);
  if ("response" in body) return body.response;
  // The request budget is counted in the answer's own statement (decision 049), which it may share with
  // the answers arriving at the same time (decision 051); bad input is answered before it without touching
  // the database.
  try {
    const answer = await answerWithOthers(getDb(), {
      playId,
      ...body.data,
      clientIp: clientIp(request),
      requestLimit: playRequestBudget(request),
    });
    return Response.json(answer);
  } catch (error) {
    return answerAppError(error);
  }
}
