import type { Db } from "~/lib/db.server";
import { hitRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";

/** Requests that make the site send an account mail, counted per client address (resolved through TRUST_PROXY). */
const ACCOUNT_MAIL_REQUEST_RULES = {
  "sign-up": { limit: 10, windowMs: 60 * 60_000 },
  "mail-request": { limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

type Bucket = keyof typeof ACCOUNT_MAIL_REQUEST_RULES;

const BUCKET_OF_PATH: Record<string, Bucket> = {
  "/sign-up/email": "sign-up",
  "/request-password-reset": "mail-request",
  "/send-verification-email": "mail-request",
  "/email-otp/send-verification-otp": "mail-request",
  "/email-otp/request-password-reset": "mail-request",
  "/forget-password/email-otp": "mail-request",
};

/** Counts a request to an endpoint that sends account mail; the seconds to wait when over, else null. */
export async function takeAccountMailRequest(
  db: Db,
  path: string,
  ip: string,
  now = new Date(),
): Promise<number | null> {
  const bucket = BUCKET_OF_PATH[path];
  if (!bucket) return null;
  const outcome = await hitRateLimit(
    db,
    `account-mail:${bucket}:${ip}`,
    ACCOUNT_MAIL_REQUEST_RULES[bucket],
    now,
  );
  return outcome.allowed ? null : outcome.retryAfterSeconds;
}
