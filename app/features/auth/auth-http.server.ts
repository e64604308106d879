import { getAuth } from "./auth.server";
import { authFailureReason } from "./auth-messages";
import { MAGIC_LINK_VERIFY_PATH, SIGN_IN_PAGE } from "./link-sessions.server";

const AUTH_BASE_PATH = "/api/auth";

/** better-auth's endpoints a person opens in a browser from a mail, and the page a refusal of one lands on (with `?error=<code>`): a browser shown JSON is a dead end. */
function landingOf(path: string): string | null {
  if (path === MAGIC_LINK_VERIFY_PATH) return SIGN_IN_PAGE;
  if (path.startsWith("/reset-password/")) return "/admin";
  return null;
}

/** The code of a refusal that carries none (better-auth's request limit, a path it does not serve). */
function codeOfStatus(status: number): string {
  if (status === 429) return "TOO_MANY_REQUESTS";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 401) return "UNAUTHORIZED";
  return status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
}

type Refusal = { code: string; retryAfter?: number; body: Record<string, unknown> };

async function readRefusal(response: Response): Promise<Refusal> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>;
  } catch {
    // No body, or not JSON ("Not Found"): the status says what happened.
  }
  const code = typeof body.code === "string" && body.code ? body.code : codeOfStatus(response.status);
  const header = response.headers.get("retry-after") ?? response.headers.get("x-retry-after");
  const retryAfter =
    typeof body.retryAfter === "number"
      ? body.retryAfter
      : header && /^\d+$/.test(header)
        ? Number(header)
        : undefined;
  return { code, retryAfter, body };
}

/** better-auth's handler with every refusal in Swedish: a JSON answer keeps its status, headers and code and gets the Swedish `message` the forms show for that code (auth-messages.ts); better-auth's own request limit also gets its code and a `Retry-After`. */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const response = await getAuth().handler(request);
  if (response.status < 400 || request.method === "HEAD") return response;
  const { code, retryAfter, body } = await readRefusal(response);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const landing =
    request.method === "GET" ? landingOf(new URL(request.url).pathname.slice(AUTH_BASE_PATH.length)) : null;
  if (landing) {
    headers.delete("content-type");
    headers.set("location", `${landing}?error=${encodeURIComponent(code)}`);
    return new Response(null, { status: 302, headers });
  }
  headers.set("content-type", "application/json");
  if (retryAfter !== undefined) headers.set("retry-after", String(retryAfter));
  const message = authFailureReason(code, response.status, retryAfter);
  const answer = { ...body, code, message, ...(retryAfter !== undefined ? { retryAfter } : {}) };
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}
