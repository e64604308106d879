import { BEER_ADDRESS_LIMIT_MESSAGE, cooldownMessage } from "~/features/beers/beer-rules";
import { beerRequestSchema } from "~/features/beers/beer-schema";
import { recordBeer } from "~/features/beers/beers.server";
import { getDb } from "~/lib/db.server";
import { jsonError, readJsonBody } from "~/lib/json-api.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/beers";

// Far above one person's clicking (one skåla per event and hour), low enough to stop a script.
const BEER_RATE_LIMIT = { limit: 60, windowMs: 60_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/events/:eventId/beer { visitorId } → 200 { status: "accepted", count } or
 * 200 { status: "cooldown", remainingMinutes, message }; 404 for an unknown event, 4xx for bad input.
 * A refusal inside the cooldown is an expected answer, not an error, so it is a 200 (browsers log every
 * 4xx to the console).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Metoden stöds inte.");
  const db = getDb();
  const ip = clientIp(request);
  const limited = await hitRateLimit(db, `beer:${ip}`, BEER_RATE_LIMIT);
  if (!limited.allowed) return tooManyRequests(limited);
  const body = await readJsonBody(request, beerRequestSchema, 2048);
  if ("response" in body) return body.response;
  if (!UUID.test(params.eventId)) return jsonError(404, "Eventet finns inte.");
  const result = await recordBeer(db, {
    eventId: params.eventId,
    visitorId: body.data.visitorId,
    clientIp: ip,
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
    case "address-limit":
      return tooManyRequests(
        { allowed: false, retryAfterSeconds: result.retryAfterSeconds },
        BEER_ADDRESS_LIMIT_MESSAGE,
      );
    case "unknown-event":
      return jsonError(404, "Eventet finns inte.");
  }
}

export function loader() {
  return jsonError(405, "Metoden stöds inte.");
}
