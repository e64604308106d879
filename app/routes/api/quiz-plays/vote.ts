import { z } from "zod";
import { limitPlayRequests } from "~/features/play/play-api.server";
import { PLAY_VISITOR_ID } from "~/features/play/play-schema";
import { castVote } from "~/features/play/quiz-votes.server";
import { findQuizRow, isPublished } from "~/features/quizzes/quiz-queries.server";
import { answerAppError, jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import type { Route } from "./+types/vote";

const voteSchema = z.object({ visitorId: PLAY_VISITOR_ID, vote: z.enum(["up", "down"]) });

/** POST /api/quizzes/:quizId/vote: one thumbs vote per visitor and quiz; voting again changes it. */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  try {
    const db = getDb();
    await limitPlayRequests(db, request);
    const body = await readJsonBody(request, voteSchema);
    if ("response" in body) return body.response;
    const input = body.data;
    const quiz = await findQuizRow(db, params.quizId);
    // Only published quizzes can be played, so only they can be voted on (an admin preview casts no vote).
    if (!quiz || !isPublished(quiz, requestNow(request))) return jsonError(404, "Quizet hittades inte");
    await castVote(db, quiz.id, input.visitorId, input.vote);
    return Response.json({ vote: input.vote });
  } catch (error) {
    return answerAppError(error);
  }
}

export const loader = methodNotAllowed;
