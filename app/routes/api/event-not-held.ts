import { beerRequestSchema } from "~/features/beers/beer-schema";
import { NOT_HELD_LIMIT_MESSAGE } from "~/features/confirmations/freshness";
import { reportNightNotHeld } from "~/features/confirmations/not-held.server";
import { jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody, uuidParam } from "~/lib/http.server";
import { clientIp, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/event-not-held";

/**
 * POST /api/events/:eventId/not-held { visitorId } → a visitor's "Det blev inget": 200 { status: "accepted" }
 * or 200 { status: "already" } (this visitor has said so about this night); 409 outside a night's window
 * (from its start until the end of the next day), 429 past the address's or the night's limit, 404 for an
 * unknown event, 4xx for bad input.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const body = await readJsonBody(request, beerRequestSchema, 2048);
  if ("response" in body) return body.response;
  const eventId = uuidParam(params.eventId);
  if (!eventId) return jsonError(404, "Eventet finns inte.");
  const result = await reportNightNotHeld(
    getDb(),
    { eventId, visitorId: body.data.visitorId, clientIp: clientIp(request) },
    requestNow(request),
  );
  switch (result.status) {
    case "accepted":
    case "already":
      return Response.json({ status: result.status });
    case "limited":
      return tooManyRequests(
        { allowed: false, retryAfterSeconds: result.retryAfterSeconds },
        NOT_HELD_LIMIT_MESSAGE,
      );
    case "unknown-event":
      return jsonError(404, "Eventet finns inte.");
    case "outside-window":
      return jsonError(409, "Det går bara att säga till från quizets start till dagen efter.");
  }
}

export const loader = methodNotAllowed;
