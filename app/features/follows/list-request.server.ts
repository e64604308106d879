import type { Db } from "~/lib/db.server";
import { clientIp, hitRateLimit, type RateLimitOutcome } from "~/lib/rate-limit.server";

/**
 * One client address may ask for 20 follows and subscriptions in 10 minutes (a visitor following a few
 * nights in a row is normal); the recipient's mail caps protect an inbox from requests spread over many.
 */
const LIST_REQUEST_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };
export const LIST_REQUEST_LIMITED_MESSAGE = "För många förfrågningar. Försök igen om en stund.";

export function hitListRequestLimit(db: Db, request: Request, now?: Date): Promise<RateLimitOutcome> {
  return hitRateLimit(db, `list:${clientIp(request)}`, LIST_REQUEST_RATE_LIMIT, now);
}
