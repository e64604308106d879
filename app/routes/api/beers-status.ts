import { beerStatusQuerySchema } from "~/features/beers/beer-schema";
import { getBeerStatuses } from "~/features/beers/beers.server";
import { getDb } from "~/lib/db.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import type { Route } from "./+types/beers-status";

/**
 * GET /api/beer-status?visitor=…&events=id,id,… → { statuses: [{ eventId, lastBeerTime, remainingMinutes, count }] }.
 * Without `visitor` (a browser that has no identifier yet): every cooldown is 0, the counts as ever.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
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
