import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods, readJsonBody, uuidParam } from "~/lib/http.server";
import { clientIp, tooManyRequests } from "~/lib/rate-limit.server";
import { recordBeerWithOthers } from "./beer-batcher.server";
import { BEER_ADDRESS_LIMIT_MESSAGE, BEER_REQUEST_LIMIT, cooldownMessage } from "./beer-rules";
import { beerRequestSchema } from "./beer-schema";
/**
 * POST /api/events/:eventId/beer { visitorId } → 200 { status: "accepted", count } or
 * 200 { status: "cooldown", remainingMinutes, message }; 404 for an unknown event, 4xx for bad input.
 * A refusal inside the cooldown is an expected answer, not an error, so it is a 200 (browsers log every
 * 4xx to the console). The route's action, and the server's own handler for the busiest write
 * (app/hot-writes.server.ts).
 */
export async function answerSkala(request: Request, params: { eventId?: string }): Promise<Response> {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const body = await readJsonBody(request, beerRequestSchema, 2048);
  if ("response" in body) return body.response;
  const eventId = uuidParam(params.eventId);
  if (!eventId) return jsonError(404, "Eventet finns inte.");
  // The request budget is counted in the skåla's own statement (decision 046), which it may share with the
  // skålor arriving at the same time (decision 051). Bad input is answered before it without touching the
  // database.
  const result = await recordBeerWithOthers(getDb(), {
    eventId,
    visitorId: body.data.visitorId,
    clientIp: clientIp(request),
    requestLimit: BEER_REQUEST_LIMIT,
  });
  switch (result.status) {
    case "accepted":
      return Response.json({ status: "accepted", count: result.count });
    case "cooldown":
      return Response.json({
        status: "cooldown",
        remainingMinutes: result.remainingMinutes,
        message: cooldownMessage(result.remainingMinutes),
      });
    case "rate-limited":
      return tooManyRequests({ allowed: false, retryAfterSeconds: result.retryAfterSeconds });
    case "address-limit":
      return tooManyRequests(
        { allowed: false, retryAfterSeconds: result.retryAfterSeconds },
        BEER_ADDRESS_LIMIT_MESSAGE,
      );
    case "unknown-event":
      return jsonError(404, "Eventet finns inte.");
  }
}
