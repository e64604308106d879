import { lt, sql } from "drizzle-orm";
import { rateLimit, rateLimits } from "~/db/schema";
import { AppError, appErrorJson } from "./app-error";
import { type Db, onlyRow } from "./db.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitOutcome = { allowed: boolean; retryAfterSeconds: number; count?: number };

/**
 * Visitors' reports (an event's problem, a quiz question) share one budget per address: a few in a row are
 * normal (several stale events, two odd questions), a stream of them is not.
 */
const VISITOR_REPORT_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };
export const VISITOR_REPORT_LIMITED_MESSAGE = "För många rapporter. Försök igen om en stund.";

/** Counts one visitor report from the request's address against VISITOR_REPORT_RATE_LIMIT. */
export function hitVisitorReportLimit(db: Db, request: Request): Promise<RateLimitOutcome> {
  return hitRateLimit(db, `report:${clientIp(request)}`, VISITOR_REPORT_RATE_LIMIT);
}

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
  const rows = await db
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
  const row = onlyRow(rows);
  const allowed = row.count <= rule.limit;
  const resetsAt = row.windowStart.getTime() + rule.windowMs;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
    count: row.count,
  };
}

/**
 * hitRateLimit's fixed-window count as part of a larger statement, for a write whose quota is counted in
 * the same statement as the write: the `on conflict` clause (and `returning count`) of an
 * `insert into rate_limits (key, count, window_start) select …`. A window that started at or before `floorIso`
 * restarts at `nowIso`.
 */
export function countInWindow(floorIso: string, nowIso: string) {
  return sql`on conflict (key) do update set
    count = case when rate_limits.window_start <= ${floorIso}::timestamptz then 1
                 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start <= ${floorIso}::timestamptz
                 then ${nowIso}::timestamptz else rate_limits.window_start end
    returning count`;
}

/**
 * How long a counter row can matter: the longest window any rule under that key prefix uses. Every other
 * key (per-minute request limits, sign-in failures, skåla per hour) has a window of at most a day.
 */
const LONG_WINDOWS: Record<string, number> = { "quiz-counted:": 7 * 24 * 60 * 60_000 };
const DEFAULT_MAX_WINDOW_MS = 24 * 60 * 60_000;
/** How long after its window started a counter row can still be there, as the privacy notice states it. */
export const RATE_LIMIT_ROWS_KEPT_MS = {
  usual: DEFAULT_MAX_WINDOW_MS,
  longest: Math.max(DEFAULT_MAX_WINDOW_MS, ...Object.values(LONG_WINDOWS)),
};
export const RATE_LIMIT_PRUNE_JOB_NAME = "rate-limit-prune";
/** Hourly, a few minutes past, away from the other jobs' full hours. */
export const RATE_LIMIT_PRUNE_CRON = "7 * * * *";

/**
 * Deletes counter rows whose window has passed (one statement): a stale row would start a new window on
 * its next hit anyway, so removing it changes no decision and keeps the table as small as the traffic of
 * the last day. better-auth's own counters (rate_limit: the client address and path, windows of a minute)
 * go a day after their last request, for the same reason. Returns the number of rows removed.
 */
export async function pruneRateLimits(db: Db, now: Date = new Date()): Promise<number> {
  const longPrefixes = Object.keys(LONG_WINDOWS);
  const defaultFloor = new Date(now.getTime() - DEFAULT_MAX_WINDOW_MS).toISOString();
  const longRule = ([prefix, windowMs]: [string, number]) =>
    sql`(${rateLimits.key} like ${`${prefix}%`} and ${rateLimits.windowStart} < ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz)`;
  const notLong = longPrefixes.map((prefix) => sql`${rateLimits.key} not like ${`${prefix}%`}`);
  const removed = await db
    .delete(rateLimits)
    .where(
      sql`(${sql.join([...notLong, sql`${rateLimits.windowStart} < ${defaultFloor}::timestamptz`], sql` and `)}) or ${sql.join(Object.entries(LONG_WINDOWS).map(longRule), sql` or `)}`,
    )
    .returning({ key: rateLimits.key });
  const authRemoved = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, now.getTime() - DEFAULT_MAX_WINDOW_MS))
    .returning({ id: rateLimit.id });
  return removed.length + authRemoved.length;
}

/**
 * The client's IP, as the HTTP server resolved it (server/server.ts): the socket address, or behind
 * trusted proxies (TRUST_PROXY) the rightmost X-Forwarded-For hop they did not add. X-Forwarded-For is
 * never read here, since the client writes its leftmost entries.
 */
export function clientIp(request: Request): string {
  return request.headers.get("x-quizkvall-client-ip") ?? "unknown";
}

/** A 429 JSON answer with Retry-After (the "rate-limited" AppError; `message` names what was limited). */
export function tooManyRequests(outcome: RateLimitOutcome, message?: string) {
  return appErrorJson(
    new AppError("rate-limited", { message, retryAfterSeconds: outcome.retryAfterSeconds }),
  );
}
