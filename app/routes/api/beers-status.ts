import { beerStatusQuerySchema } from "~/features/beers/beer-schema";
import { getBeerStatuses } from "~/features/beers/beers.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/beers-status";

// One request per page view (the buttons batch their look-ups), so this is generous.
const STATUS_RATE_LIMIT = { limit: 600, windowMs: 60_000 };

/** GET /api/beer-status?visitor=…&events=id,id,… → { statuses: [{ eventId, lastBeerTime, remainingMinutes }] }. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const limited = await hitRateLimit(
    db,
    `beer-status:${clientIp(request, getEnv().TRUST_PROXY)}`,
    STATUS_RATE_LIMIT,
  );
  if (!limited.allowed) return tooManyRequests(limited);
  const url = new URL(request.url);
  const query = validate(beerStatusQuerySchema, {
    visitorId: url.searchParams.get("visitor") ?? undefined,
    eventIds: (url.searchParams.get("events") ?? "").split(",").filter(Boolean),
  });
  if ("response" in query) return query.response;
  const statuses = await getBeerStatuses(db, query.data);
  return Response.json({ statuses }, { headers: { "Cache-Control": "no-store" } });
}

export const action = methodNotAllowed;
