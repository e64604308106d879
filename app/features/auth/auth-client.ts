export type AuthResult =
  | { ok: true; data: unknown }
  | { ok: false; status: number; code?: string; retryAfter?: number };

/**
 * Calls one of better-auth's endpoints from the browser. Same-origin fetch sends the session cookie and
 * the Origin header better-auth checks on every state-changing request.
 */
export async function callAuth(path: string, body: Record<string, unknown> = {}): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, code: "NETWORK" };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: payload };
  const { code, retryAfter } = (payload ?? {}) as { code?: unknown; retryAfter?: unknown };
  return {
    ok: false,
    status: response.status,
    code: typeof code === "string" ? code : undefined,
    retryAfter: typeof retryAfter === "number" && retryAfter > 0 ? retryAfter : undefined,
  };
}
