import { AppError } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { clientIp, hitRateLimit } from "~/lib/rate-limit.server";

/** Visitor play endpoints share one per-IP budget: generous for real play, a wall for scripted floods. */
const PLAY_RATE_LIMIT = { limit: 240, windowMs: 60_000 };

/** The budget as a quiz answer counts it, in its own statement. */
export function playRequestBudget(request: Request) {
  return { key: playRequestKey(clientIp(request)), rule: PLAY_RATE_LIMIT };
}

function playRequestKey(address: string) {
  return `quiz-play:${address}`;
}

/** Counts a play request against the address's budget; over it, throws the 429 (an AppError). */
export async function limitPlayRequests(db: Db, request: Request): Promise<void> {
  const outcome = await hitRateLimit(db, playRequestKey(clientIp(request)), PLAY_RATE_LIMIT);
  if (!outcome.allowed) throw new AppError("rate-limited", { retryAfterSeconds: outcome.retryAfterSeconds });
}

/** A play that does not exist, or is not the asking visitor's (a play id alone is not a key). */
export function playNotFound(): AppError {
  return new AppError("not-found", { message: "Spelomgången hittades inte" });
}
