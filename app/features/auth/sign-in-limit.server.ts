import { inArray, sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";

export { signInLimitMessage } from "./auth-messages";

/** Sign-in attempts, counted so that guessing is slow but nobody can lock another person out: - `pair`: one account from one address. */
const SIGN_IN_RULES = {
  pair: { limit: 5, windowMs: 15 * 60_000 },
  ip: { limit: 20, windowMs: 15 * 60_000 },
  account: { limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60_000 },
  slowAfter: 10,
  slow: { limit: 1, windowMs: 10_000 },
} satisfies Record<string, RateLimitRule | number>;

function signInLimitKeys(email: string, ip: string) {
  const account = email.trim().toLowerCase();
  return {
    pair: `sign-in:pair:${account}:${ip}`,
    ip: `sign-in:ip:${ip}`,
    account: `sign-in:account:${account}`,
    slow: `sign-in:slow:${account}`,
  };
}

/** Counts this attempt against every limit, each in one atomic upsert. */
export async function takeSignInAttempt(db: Db, email: string, ip: string, now = new Date()) {
  const keys = signInLimitKeys(email, ip);
  const [pair, byIp, account] = await Promise.all([
    hitRateLimit(db, keys.pair, SIGN_IN_RULES.pair, now),
    hitRateLimit(db, keys.ip, SIGN_IN_RULES.ip, now),
    hitRateLimit(db, keys.account, SIGN_IN_RULES.account, now),
  ]);
  if (!pair.allowed || !byIp.allowed) return Math.max(pair.retryAfterSeconds, byIp.retryAfterSeconds);
  if ((account.count ?? 0) > SIGN_IN_RULES.slowAfter) {
    const slow = await hitRateLimit(db, keys.slow, SIGN_IN_RULES.slow, now);
    if (!slow.allowed) return slow.retryAfterSeconds;
  }
  return null;
}

/** A correct password clears the account's failures and returns the attempt to the address's budget. */
export async function settleSignIn(db: Db, email: string, ip: string) {
  const keys = signInLimitKeys(email, ip);
  await db
    .update(rateLimits)
    .set({
      count: sql`case when ${rateLimits.key} = ${keys.ip} then greatest(${rateLimits.count} - 1, 0) else 0 end`,
    })
    .where(inArray(rateLimits.key, [keys.pair, keys.ip, keys.account]));
}
