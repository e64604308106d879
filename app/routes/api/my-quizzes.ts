import { z } from "zod";
import { FEED_KEY, MAX_FEED_EVENTS, savePersonalFeed } from "~/features/follows/personal-feed.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/my-quizzes";

const feedSchema = z.object({
  eventIds: z
    .array(z.uuid({ error: "Ogiltigt event-id." }))
    .max(MAX_FEED_EVENTS, `Högst ${MAX_FEED_EVENTS} quiz i Mina quiz.`),
});

/** PUT /api/my-quizzes/:key { eventIds }: the browser's "Mina quiz" list, for its personal calendar feed. */
export async function action({ request, params }: Route.ActionArgs) {
  const refused = allowMethods(request, "PUT");
  if (refused) return refused;
  if (!FEED_KEY.test(params.key)) return jsonError(404, "Okänd kalender.");
  const db = getDb();
  const body = await readJsonBody(request, feedSchema);
  if ("response" in body) return body.response;
  const limited = await hitRateLimit(db, `my-quizzes:${clientIp(request)}`, {
    limit: 60,
    windowMs: 10 * 60_000,
  });
  if (!limited.allowed) return tooManyRequests(limited);
  await savePersonalFeed(db, params.key, body.data.eventIds, requestNow(request));
  return Response.json({ ok: true });
}

export const loader = methodNotAllowed;
