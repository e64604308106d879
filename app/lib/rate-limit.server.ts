import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { Db } from "./db.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitOutcome = { allowed: boolean; retryAfterSeconds: number };

/**
 * A fixed-window counter in the database, shared by every app instance. One atomic upsert counts the hit
 * and starts a new window when the old one has passed; the request is allowed while the count is within
 * the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitOutcome> {
  const windowStartFloor = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const allowed = row.count <= rule.limit;
  const resetsAt = row.windowStart.getTime() + rule.windowMs;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
  };
}

/**
 * The client's IP, as the HTTP server resolved it (server/server.ts): the socket address, or behind
 * trusted proxies (TRUST_PROXY) the rightmost X-Forwarded-For hop they did not add. X-Forwarded-For is
 * never read here, since the client writes its leftmost entries.
 */
export function clientIp(request: Request): string {
  return request.headers.get("x-quizkvall-client-ip") ?? "unknown";
}

/** A 429 JSON answer with Retry-After. */
export function tooManyRequests(
  outcome: RateLimitOutcome,
  message = "För många förfrågningar. Försök igen om en stund.",
) {
  return Response.json(
    { error: message },
    { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
  );
}
