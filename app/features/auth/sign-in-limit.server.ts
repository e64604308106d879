import { inArray, sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";

/**
 * Failed sign-ins allowed per account and per client IP within the window. Counting only failures means a
 * shared account (or many people behind one NAT) signing in correctly never locks itself out, while
 * guessing a password is slowed to a handful of tries per quarter hour.
 */
export const SIGN_IN_RULES = {
  account: { limit: 5, windowMs: 15 * 60_000 },
  ip: { limit: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export const SIGN_IN_LIMIT_MESSAGE = "För många inloggningsförsök. Försök igen om en stund.";

export function signInLimitKeys(email: string, ip: string) {
  return {
    account: `sign-in:account:${email.trim().toLowerCase()}`,
    ip: `sign-in:ip:${ip}`,
  };
}

/**
 * Counts this attempt against both limits in one atomic upsert each. Returns the seconds to wait when
 * either is exhausted, else null. A successful sign-in hands its count back (see settleSignIn).
 */
export async function takeSignInAttempt(db: Db, email: string, ip: string, now = new Date()) {
  const keys = signInLimitKeys(email, ip);
  const [account, byIp] = await Promise.all([
    hitRateLimit(db, keys.account, SIGN_IN_RULES.account, now),
    hitRateLimit(db, keys.ip, SIGN_IN_RULES.ip, now),
  ]);
  if (account.allowed && byIp.allowed) return null;
  return Math.max(account.retryAfterSeconds, byIp.retryAfterSeconds);
}

/** A correct password clears the account's failures and returns the attempt to the IP's budget. */
export async function settleSignIn(db: Db, email: string, ip: string) {
  const keys = signInLimitKeys(email, ip);
  await db
    .update(rateLimits)
    .set({
      count: sql`case when ${rateLimits.key} = ${keys.account} then 0 else greatest(${rateLimits.count} - 1, 0) end`,
    })
    .where(inArray(rateLimits.key, [keys.account, keys.ip]));
}
