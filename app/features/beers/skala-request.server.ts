import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods, readJsonBody, uuidParam } from "~/lib/http.server";
import { clientIp, tooManyRequests } from "~/lib/rate-limit.server";
import { recordBeerWithOthers } from "./beer-batcher.server";
import { BEER_ADDRESS_LIMIT_MESSAGE, BEER_REQUEST_LIMIT, cooldownMessage } from "./beer-rules";
import { beerRequestSchema } from "./beer-schema";
/** A cooldown refusal is a 200, not a 4xx: browsers log every 4xx to the console. */
export async function answerSkala(request: Request, params: { eventId?: string }): Promise<Response> {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const body = await readJsonBody(request, beerRequestSchema, 2048);
  if ("response" in body) return body.response;
  const eventId = uuidParam(params.eventId);
  if (!eventId) return jsonError(404, "Eventet finns inte.");
  // The request budget is counted in the shared skåla statement (decisions 046, 051).
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
