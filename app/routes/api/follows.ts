import { FOLLOW_REQUESTED_MESSAGE, followInputSchema } from "~/features/follows/follow-schema";
import { hitListRequestLimit, LIST_REQUEST_LIMITED_MESSAGE } from "~/features/follows/list-request.server";
import { requestList } from "~/features/follows/subscriptions.server";
import { jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/follows";

/**
 * POST /api/follows { eventId, email } → 202 whatever the address: a confirmation mail is queued (within
 * the address's caps) unless it already follows the event, and nobody learns which.
 */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  const now = requestNow(request);
  const body = await readJsonBody(request, followInputSchema);
  if ("response" in body) return body.response;
  const limited = await hitListRequestLimit(db, request, now);
  if (!limited.allowed) return tooManyRequests(limited, LIST_REQUEST_LIMITED_MESSAGE);
  const outcome = await requestList(
    db,
    { email: body.data.email, topic: "event", eventId: body.data.eventId, feedKey: body.data.feedKey },
    now,
  );
  if (!outcome.ok) return jsonError(404, "Eventet finns inte.");
  return Response.json({ ok: true, message: FOLLOW_REQUESTED_MESSAGE }, { status: 202 });
}

export const loader = methodNotAllowed;
