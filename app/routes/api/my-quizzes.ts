import { z } from "zod";
import { FEED_KEY } from "~/features/follows/follow-schema";
import { MAX_FEED_EVENTS, savePersonalFeed } from "~/features/follows/personal-feed.server";
import { jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/my-quizzes";

const feedSchema = z.object({
  eventIds: z
    .array(z.uuid({ error: "Ogiltigt event-id." }))
    .max(MAX_FEED_EVENTS, `Högst ${MAX_FEED_EVENTS} quiz i Mina quiz.`),
  // Judged below: a missing or wrong write key is a refusal, not a malformed request.
  writeKey: z.string().max(100).optional(),
  previous: z.array(z.uuid()).max(MAX_FEED_EVENTS).optional(),
});

const WRITE_REFUSED = "Listan kan bara ändras från webbläsaren som sparade den.";

/** Writes need the browser's write key too, so whoever has seen the feed's address cannot change the list. */
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
  const { writeKey, eventIds, previous } = body.data;
  // The write key must be a key of its own: one equal to the feed's would be in the feed's address.
  if (!writeKey || !FEED_KEY.test(writeKey) || writeKey === params.key) return jsonError(403, WRITE_REFUSED);
  const saved = await savePersonalFeed(db, params.key, writeKey, eventIds, requestNow(request), previous);
  if (!saved) return jsonError(403, WRITE_REFUSED);
  return Response.json({ ok: true, eventIds: saved });
}

export const loader = methodNotAllowed;
