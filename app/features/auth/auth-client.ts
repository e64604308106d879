import { createAuthClient } from "better-auth/client";
import { emailOTPClient } from "better-auth/client/plugins";
import { shedRetryingFetch } from "~/lib/api-client";

const AUTH_BASE_PATH = "/api/auth";

/** better-auth's own typed client, matching the server's configuration (email and password, the email-OTP plugin). */
function createClient() {
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: AUTH_BASE_PATH,
    plugins: [emailOTPClient()],
    fetchOptions: { customFetchImpl: shedRetryingFetch },
  });
}

export type AuthClient = ReturnType<typeof createClient>;

let client: AuthClient | undefined;

function getAuthClient(): AuthClient {
  client ??= createClient();
  return client;
}

export type AuthResult = { ok: true } | { ok: false; status: number; code?: string; retryAfter?: number };

type AuthCallError = { status: number; code?: unknown; retryAfter?: unknown } | null | undefined;

/** Runs one client call and reduces its answer to what the forms need: better-auth's error code (mapped to Swedish by auth-messages.ts), the status, and the wait of a sign-in lockout. */
export async function runAuth(
  call: (auth: AuthClient) => Promise<{ error: AuthCallError }>,
): Promise<AuthResult> {
  const auth = getAuthClient();
  let error: AuthCallError;
  try {
    ({ error } = await call(auth));
  } catch {
    return { ok: false, status: 0, code: "NETWORK" };
  }
  if (!error) return { ok: true };
  return {
    ok: false,
    status: error.status,
    code: typeof error.code === "string" ? error.code : undefined,
    retryAfter: typeof error.retryAfter === "number" && error.retryAfter > 0 ? error.retryAfter : undefined,
  };
}
