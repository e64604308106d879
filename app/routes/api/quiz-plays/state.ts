import { limitPlayRequests, playNotFound } from "~/features/play/play-api.server";
import { isValidVisitorId } from "~/features/play/play-rules";
import { getPlayState } from "~/features/play/start-play.server";
import { answerAppError, appErrorJson } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { methodNotAllowed, uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/state";

/** GET /api/quiz-plays/:playId?visitorId=…: where a play stands, for resuming after a reload. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const db = getDb();
    await limitPlayRequests(db, request);
    const visitorId = new URL(request.url).searchParams.get("visitorId");
    const playId = uuidParam(params.playId);
    if (!playId || !isValidVisitorId(visitorId)) return appErrorJson(playNotFound());
    return Response.json(await getPlayState(db, playId, visitorId.toLowerCase()), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return answerAppError(error);
  }
}

export const action = methodNotAllowed;
