import { getAuth } from "./auth.server";
import type { RecoveryError } from "./recovery-errors";
export type Recovery = { token: string } | { error: RecoveryError } | null;

/** Whether a password-reset token exists and has not expired (a used token is deleted, so it fails too). */
async function isResetTokenUsable(token: string): Promise<boolean> {
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Reads the ways a recovery link opens new-password mode from the query: `code` (exchanged), `token_hash`
 * (verified as recovery), `token` (better-auth's own callback), or better-auth's `error=INVALID_TOKEN`.
 * Returns null when the address carries none of them.
 */
export async function resolveRecovery(params: URLSearchParams): Promise<Recovery> {
  if (params.get("error") === "INVALID_TOKEN") return { error: "invalid" };
  const code = params.get("code");
  const tokenHash = params.get("token_hash") ?? params.get("token");
  const token = code ?? tokenHash;
  if (token === null) return null;
  if (tokenHash !== null && code === null && params.has("type") && params.get("type") !== "recovery") {
    return { error: "unverifiable" };
  }
  // A code that cannot even be a token could not be exchanged; a well-formed one that is unknown or
  // used up is an invalid or expired link.
  if (!TOKEN_PATTERN.test(token)) return { error: code !== null ? "unverifiable" : "invalid" };
  try {
    return (await isResetTokenUsable(token)) ? { token } : { error: "invalid" };
  } catch {
    return { error: "unexpected" };
  }
}
