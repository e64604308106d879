import { z } from "zod";
import { playNotFound } from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID, QUESTION_REPORT_REASON } from "~/features/play/play-schema";
import { reportQuestion } from "~/features/play/question-reports.server";
import { answerAppError, appErrorJson } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods, isUuid, methodNotAllowed, readJsonBody, uuidParam } from "~/lib/http.server";
import {
  hitVisitorReportLimit,
  tooManyRequests,
  VISITOR_REPORT_LIMITED_MESSAGE,
} from "~/lib/rate-limit.server";
import type { Route } from "./+types/report";

const reportSchema = z.object({
  visitorId: PLAY_VISITOR_ID,
  questionId: z.string().refine(isUuid, "Frågan finns inte"),
  reason: QUESTION_REPORT_REASON,
});

/**
 * POST /api/quiz-plays/:playId/reports { visitorId, questionId, reason } → 201: "Rapportera frågan" after
 * answering it, within the address's budget for visitor reports.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  const limited = await hitVisitorReportLimit(db, request);
  if (!limited.allowed) return tooManyRequests(limited, VISITOR_REPORT_LIMITED_MESSAGE);
  const playId = uuidParam(params.playId);
  if (!playId) return appErrorJson(playNotFound());
  const body = await readJsonBody(request, reportSchema);
  if ("response" in body) return body.response;
  try {
    await reportQuestion(db, { playId, ...body.data, questionId: body.data.questionId.toLowerCase() });
    return Response.json({ reason: body.data.reason }, { status: 201 });
  } catch (error) {
    return answerAppError(error);
  }
}

export const loader = methodNotAllowed;
