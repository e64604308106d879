import { expect } from "vitest";
import { getAuth } from "~/features/auth/auth.server";
import { handleAuthRequest } from "~/features/auth/auth-http.server";
import { grantAdmin } from "~/features/auth/roles.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

/** The cookie header a browser would send after the given Set-Cookie answer. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Calls a better-auth endpoint the way the browser does: through the handler /api/auth/* answers with
 * (better-auth's, its refusals in Swedish), with Origin and client IP.
 */
export function authRequest(
  pathname: string,
  body: Record<string, unknown>,
  options: { ip?: string; cookie?: string; origin?: string } = {},
): Promise<Response> {
  const origin = getEnv().publicUrl;
  return handleAuthRequest(
    new Request(`${origin}/api/auth${pathname}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: options.origin ?? origin,
        "x-quizkvall-client-ip": options.ip ?? "203.0.113.7",
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
}

/** Signs up an account (an admin when asked) and returns the cookie of a signed-in session. */
export async function signedInCookie(
  email: string,
  password: string,
  role: "user" | "admin",
): Promise<string> {
  await getAuth().api.signUpEmail({ body: { email, password, name: email.split("@")[0]! } });
  if (role === "admin") await grantAdmin(getDb(), email);
  const response = await authRequest("/sign-in/email", { email, password });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

/** Signs in with a password through the handler, from `ip` when given. */
export const signIn = (email: string, password: string, ip?: string) =>
  authRequest("/sign-in/email", { email, password }, { ip });

/** Signs up an ordinary account through the handler. */
export async function signUp(email: string, password: string) {
  const response = await authRequest("/sign-up/email", { email, password, name: "Testare" });
  expect(response.status).toBe(200);
}

/** Asks for the reset mail (link and code) of an address. */
export async function requestReset(email: string) {
  const response = await authRequest("/request-password-reset", { email, redirectTo: "/admin" });
  expect(response.status).toBe(200);
}
