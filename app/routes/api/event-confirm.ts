import { beerRequestSchema } from "~/features/beers/beer-schema";
import { CONFIRM_ADDRESS_LIMIT_MESSAGE, confirmVisit } from "~/features/confirmations/public.server";
import { jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody, uuidParam } from "~/lib/http.server";
import { clientIp, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/event-confirm";

/**
 * POST /api/events/:eventId/confirm { visitorId } → 200 { status: "accepted", lastConfirmedAt } or
 * 200 { status: "already" } (this visitor has confirmed this night); 409 outside a night's window
 * (from its start until the end of the next day), 429 past the address's hourly limit, 404 for an
 * unknown event, 4xx for bad input.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const body = await readJsonBody(request, beerRequestSchema, 2048);
  if ("response" in body) return body.response;
  const eventId = uuidParam(params.eventId);
  if (!eventId) return jsonError(404, "Eventet finns inte.");
  const db = getDb();
  const now = requestNow(request);
  const result = await confirmVisit(
    db,
    { eventId, visitorId: body.data.visitorId, clientIp: clientIp(request) },
    now,
  );
  switch (result.status) {
    case "accepted":
      return Response.json({ status: "accepted", lastConfirmedAt: result.lastConfirmedAt });
    case "already":
      return Response.json({ status: "already" });
    case "address-limit":
      return tooManyRequests(
        { allowed: false, retryAfterSeconds: result.retryAfterSeconds },
        CONFIRM_ADDRESS_LIMIT_MESSAGE,
      );
    case "unknown-event":
      return jsonError(404, "Eventet finns inte.");
    case "outside-window":
      return jsonError(409, "Quizet kan bara bekräftas från start till dagen efter.");
  }
}

export const loader = methodNotAllowed;
