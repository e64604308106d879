import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { user, verification } from "~/db/schema";
import type { DbOrTransaction } from "~/features/mail/public.server";

/** How long a mailed sign-in link is valid, in seconds ("en timme" in the mails). */
export const MAGIC_LINK_TTL_SECONDS = 60 * 60;

/** Where a used link lands, and where a refused one is sent with `?error=…` (a Swedish page, never JSON). */
export const MAGIC_LINK_LANDING = "/quizvard";

/** The error better-auth's verify endpoint names a missing, expired, used or altered token by. */
export const INVALID_LINK_ERROR = "INVALID_TOKEN";

// The letters better-auth's own magic-link tokens use (generateRandomString(32, "a-z", "A-Z")).
const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TOKEN_LENGTH = 32;

function newToken(): string {
  const bytes = randomBytes(TOKEN_LENGTH * 2);
  let token = "";
  // 256 is not a multiple of 52: bytes past the largest multiple are skipped, so every letter is as likely.
  for (const byte of bytes) {
    if (byte >= 208) continue;
    token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
    if (token.length === TOKEN_LENGTH) break;
  }
  return token.length === TOKEN_LENGTH ? token : newToken();
}

/** The link better-auth's magic-link plugin verifies: it spends the token, signs in and lands on /quizvard. */
function magicLinkUrl(publicUrl: string, token: string): string {
  const url = new URL("/api/auth/magic-link/verify", publicUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", MAGIC_LINK_LANDING);
  url.searchParams.set("errorCallbackURL", MAGIC_LINK_LANDING);
  return url.toString();
}

/**
 * Writes a sign-in link for an account into `tx`, in the magic-link plugin's own format (a
 * `magic-link:<token>` verification row), and returns its address. Made here rather than through the
 * plugin's sign-in endpoint (which is disabled) so the link commits or rolls back with its mail and with
 * whatever caused it (an approved claim). The plugin's verify endpoint spends it: once, before it expires.
 */
export async function writeMagicLink(
  tx: DbOrTransaction,
  email: string,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<string> {
  const token = newToken();
  await tx.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: `magic-link:${token}`,
    value: JSON.stringify({ type: "magic-link", email: email.trim().toLowerCase() }),
    expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_SECONDS * 1000),
  });
  return magicLinkUrl(publicUrl, token);
}

/**
 * The account of an address, created (unverified, without a password) when there is none: a host needs
 * no password, and the first link they use proves the address (better-auth then marks it verified).
 */
export async function ensureUserForEmail(tx: DbOrTransaction, email: string, name: string): Promise<string> {
  const address = email.trim().toLowerCase();
  await tx
    .insert(user)
    .values({ id: randomBytes(16).toString("hex"), email: address, name, emailVerified: false })
    .onConflictDoNothing({ target: user.email });
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.email, address)).limit(1);
  if (!row) throw new Error(`no account for ${address} after creating it`);
  return row.id;
}
