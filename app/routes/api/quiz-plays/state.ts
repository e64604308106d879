import { limitPlayRequests, playErrorResponse } from "~/features/play/play-api.server";
import { isValidVisitorId } from "~/features/play/play-rules";
import { getPlayState } from "~/features/play/start-play.server";
import { getDb } from "~/lib/db.server";
import { jsonError, methodNotAllowed, uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/state";

/** GET /api/quiz-plays/:playId?visitorId=…: where a play stands, for resuming after a reload. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  await limitPlayRequests(db, request);
  const visitorId = new URL(request.url).searchParams.get("visitorId");
  const playId = uuidParam(params.playId);
  if (!playId || !isValidVisitorId(visitorId)) return jsonError(404, "Spelomgången hittades inte");
  try {
    return Response.json(await getPlayState(db, playId, visitorId.toLowerCase()), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return playErrorResponse(error);
  }
}

export const action = methodNotAllowed;
