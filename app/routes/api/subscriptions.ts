import { SUBSCRIPTION_REQUESTED_MESSAGE, subscriptionInputSchema } from "~/features/follows/follow-schema";
import { hitListRequestLimit, LIST_REQUEST_LIMITED_MESSAGE } from "~/features/follows/list-request.server";
import { requestList } from "~/features/follows/subscriptions.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/subscriptions";

/** POST /api/subscriptions { email, topic: "nutidsquiz" } → 202 whatever the address (double opt-in). */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  const now = requestNow(request);
  const body = await readJsonBody(request, subscriptionInputSchema);
  if ("response" in body) return body.response;
  const limited = await hitListRequestLimit(db, request, now);
  if (!limited.allowed) return tooManyRequests(limited, LIST_REQUEST_LIMITED_MESSAGE);
  await requestList(db, { email: body.data.email, topic: "nutidsquiz", eventId: null }, now);
  return Response.json({ ok: true, message: SUBSCRIPTION_REQUESTED_MESSAGE }, { status: 202 });
}

export const loader = methodNotAllowed;
