import { getAuth } from "./auth.server";
import { type RecoveryError, recoveryErrorOf } from "./recovery-errors";
export type Recovery = { token: string } | { error: RecoveryError } | null;

/** Whether a password-reset token can still be used (unknown, used and expired ones cannot), asked of better-auth's own check: the endpoint its mailed URL opens, which redirects with `token` when the link is good and with `error` otherwise. */
async function isResetTokenUsable(token: string): Promise<boolean> {
  const answer = await getAuth().api.requestPasswordResetCallback({
    params: { token },
    query: { callbackURL: "/admin" },
    asResponse: true,
  });
  const location = answer.headers.get("location");
  return location !== null && new URL(location, "http://localhost").searchParams.get("token") === token;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** Reads the ways a recovery link opens new-password mode from the query: `code` (exchanged), `token_hash` (verified as recovery), `token` (better-auth's own callback), or better-auth's `error=<code>`. */
export async function resolveRecovery(params: URLSearchParams): Promise<Recovery> {
  const refused = recoveryErrorOf(params.get("error"));
  if (refused) return { error: refused };
  const code = params.get("code");
  const tokenHash = params.get("token_hash") ?? params.get("token");
  const token = code ?? tokenHash;
  if (token === null) return null;
  if (tokenHash !== null && code === null && params.has("type") && params.get("type") !== "recovery") {
    return { error: "unverifiable" };
  }
  // A code that cannot even be a token could not be exchanged; a well-formed one that is unknown or used up is an invalid or expired link.
  if (!TOKEN_PATTERN.test(token)) return { error: code !== null ? "unverifiable" : "invalid" };
  try {
    return (await isResetTokenUsable(token)) ? { token } : { error: "invalid" };
  } catch {
    return { error: "unexpected" };
  }
}
