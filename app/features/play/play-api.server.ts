import type { Db } from "~/lib/db.server";
import { jsonError } from "~/lib/http.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import { PlayError, PlayRateLimited } from "./play-errors.server";

/** Visitor play endpoints share one per-IP budget: generous for real play, a wall for scripted floods. */
const PLAY_RATE_LIMIT = { limit: 240, windowMs: 60_000 };

/** The budget as a quiz answer counts it, in its own statement. */
export function playRequestBudget(request: Request) {
  return { key: playRequestKey(clientIp(request)), rule: PLAY_RATE_LIMIT };
}

function playRequestKey(address: string) {
  return `quiz-play:${address}`;
}

export async function limitPlayRequests(db: Db, request: Request): Promise<void> {
  const outcome = await hitRateLimit(db, playRequestKey(clientIp(request)), PLAY_RATE_LIMIT);
  if (!outcome.allowed) throw tooManyRequests(outcome);
}

/** Turns an expected PlayError into its JSON 4xx; anything else is rethrown for the error boundary. */
export function playErrorResponse(error: unknown): Response {
  if (error instanceof PlayError) return jsonError(error.status, error.message);
  if (error instanceof PlayRateLimited)
    return tooManyRequests({ allowed: false, retryAfterSeconds: error.retryAfterSeconds });
  throw error;
}
