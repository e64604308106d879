/** The three red-box texts for a recovery link that is expired, used or invalid. */
export const RECOVERY_ERRORS = {
  unverifiable: "Kunde inte verifiera länken. Begär en ny återställningslänk.",
  invalid: "Återställningslänken är ogiltig eller har gått ut. Begär en ny länk.",
  unexpected: "Ett oväntat fel uppstod. Försök igen med en ny länk.",
} as const;

export type RecoveryError = keyof typeof RECOVERY_ERRORS;

/** Query parameters that carry a recovery attempt; the address is reset to /admin once they are read. */
export const RECOVERY_PARAMS = ["code", "token_hash", "token", "type"] as const;

/** The `error` better-auth's reset-link endpoint lands on /admin with: INVALID_TOKEN, or the code of another refusal (a request limit, a refused callbackURL; auth-http.server.ts), which all say the link could not be checked. */
export function recoveryErrorOf(error: string | null): RecoveryError | null {
  if (error === "INVALID_TOKEN") return "invalid";
  return error && /^[A-Z][A-Z_]*$/.test(error) ? "unverifiable" : null;
}

/** Reads a recovery attempt from the address hash (type=recovery, or an access_token), which never reaches the server. */
export function readRecoveryHash(hash: string): { token: string } | { error: RecoveryError } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.get("error") || params.get("error_code")) return { error: "invalid" };
  const isRecovery = params.get("type") === "recovery" || params.has("access_token");
  if (!isRecovery) return null;
  const token = params.get("token_hash") ?? params.get("token") ?? params.get("access_token");
  return token ? { token } : { error: "unverifiable" };
}
