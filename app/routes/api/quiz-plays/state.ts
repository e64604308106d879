import { getPlayState } from "~/features/play/play.server";
import { limitPlayRequests, playErrorResponse } from "~/features/play/play-api.server";
import { isValidVisitorId } from "~/features/play/play-rules";
import { isUuid } from "~/features/quizzes/quizzes.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/state";

/** GET /api/quiz-plays/:playId?visitorId=…: where a play stands, for resuming after a reload. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  await limitPlayRequests(db, request);
  const visitorId = new URL(request.url).searchParams.get("visitorId");
  if (!isUuid(params.playId) || !isValidVisitorId(visitorId)) {
    return Response.json({ error: "Spelomgången hittades inte" }, { status: 404 });
  }
  try {
    return Response.json(await getPlayState(db, params.playId, visitorId.toLowerCase()), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return playErrorResponse(error);
  }
}
