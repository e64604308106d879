import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Tokens for mailed one-tap links: `{part}.{part}….{HMAC-SHA256}` under a key derived for one `domain`, so a
 * signature made for one kind of link never verifies as another. Parts must not contain a dot.
 */
const MAX_TOKEN_LENGTH = 400;

function sign(domain: string, payload: string, secret: string): string {
  const key = createHmac("sha256", secret).update(domain).digest();
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function signParts(domain: string, parts: readonly (string | number)[], secret: string): string {
  const payload = parts.join(".");
  return `${payload}.${sign(domain, payload, secret)}`;
}

/** The signed parts of a token with `count` of them; null for anything not signed so for this domain. */
export function verifiedParts(domain: string, token: string, count: number, secret: string): string[] | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== count + 1) return null;
  const expected = Buffer.from(sign(domain, parts.slice(0, count).join("."), secret));
  const given = Buffer.from(parts[count] ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parts.slice(0, count);
}
