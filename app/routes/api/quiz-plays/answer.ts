import { z } from "zod";
import { answerWithOthers } from "~/features/play/answer-batcher.server";
import { playErrorResponse, playRequestBudget } from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID } from "~/features/play/play-schema";
import { getDb } from "~/lib/db.server";
import {
  allowMethods,
  isUuid,
  jsonError,
  methodNotAllowed,
  readJsonBody,
  uuidParam,
} from "~/lib/http.server";
import { clientIp } from "~/lib/rate-limit.server";
import type { Route } from "./+types/answer";

const answerSchema = z.object({
  visitorId: PLAY_VISITOR_ID,
  questionId: z.string().refine(isUuid),
  optionId: z.string().refine(isUuid),
});

/** POST /api/quiz-plays/:playId/answers: stores one answer and returns its feedback (and the result at the end). */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const playId = uuidParam(params.playId);
  if (!playId) return jsonError(404, "Spelomgången hittades inte");
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
    return playErrorResponse(error);
  }
}

export const loader = methodNotAllowed;
