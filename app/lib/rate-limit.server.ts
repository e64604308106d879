import { lt, sql } from "drizzle-orm";
import { rateLimit, rateLimits } from "~/db/schema";
import { AppError, appErrorJson } from "./app-error";
import { type Db, onlyRow } from "./db.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitOutcome = { allowed: boolean; retryAfterSeconds: number; count?: number };

/** One budget per address for visitors' reports: a few in a row are normal, a stream is not. */
const VISITOR_REPORT_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };
export const VISITOR_REPORT_LIMITED_MESSAGE = "För många rapporter. Försök igen om en stund.";

export function hitVisitorReportLimit(db: Db, request: Request): Promise<RateLimitOutcome> {
  return hitRateLimit(db, `report:${clientIp(request)}`, VISITOR_REPORT_RATE_LIMIT);
}

/** Fixed window in the database, shared by every instance; one atomic upsert counts and restarts the window. */
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

/** hitRateLimit's count as the `on conflict … returning count` of an `insert into rate_limits … select`, so a quota is counted in the write's own statement. */
export function countInWindow(floorIso: string, nowIso: string) {
  return sql`on conflict (key) do update set
    count = case when rate_limits.window_start <= ${floorIso}::timestamptz then 1
                 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start <= ${floorIso}::timestamptz
                 then ${nowIso}::timestamptz else rate_limits.window_start end
    returning count`;
}

/** Every key not listed here has a window of at most a day. */
const LONG_WINDOWS: Record<string, number> = { "quiz-counted:": 7 * 24 * 60 * 60_000 };
const DEFAULT_MAX_WINDOW_MS = 24 * 60 * 60_000;
/** As the privacy notice states it. */
export const RATE_LIMIT_ROWS_KEPT_MS = {
  usual: DEFAULT_MAX_WINDOW_MS,
  longest: Math.max(DEFAULT_MAX_WINDOW_MS, ...Object.values(LONG_WINDOWS)),
};
export const RATE_LIMIT_PRUNE_JOB_NAME = "rate-limit-prune";
/** A few minutes past the hour, away from the other jobs. */
export const RATE_LIMIT_PRUNE_CRON = "7 * * * *";

/** A stale row would restart its window on the next hit anyway, so pruning changes no decision (better-auth's rows too). */
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

/** Set by server/server.ts (socket or trusted-proxy hop); never read X-Forwarded-For here, the client writes it. */
export function clientIp(request: Request): string {
  return request.headers.get("x-quizkvall-client-ip") ?? "unknown";
}

export function tooManyRequests(outcome: RateLimitOutcome, message?: string) {
  return appErrorJson(
    new AppError("rate-limited", { message, retryAfterSeconds: outcome.retryAfterSeconds }),
  );
}
