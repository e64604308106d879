import { data, redirect } from "react-router";
import { handleAuthRequest } from "./auth-http.server";
import { authFailureReason } from "./auth-messages";
import { requireSameOrigin } from "./guard.server";
import { SIGN_IN_INTENT, type SignInFailure } from "./sign-in-intent";

const SIGN_IN_FAILED = "Inloggning misslyckades";

function refuse(status: number, description: string) {
  return data<SignInFailure>(
    { intent: SIGN_IN_INTENT, problem: { title: SIGN_IN_FAILED, description } },
    { status },
  );
}

/** better-auth's refusal as the form shows it: its code and the wait of a lockout, in Swedish. */
async function refusalOf(response: Response) {
  const body = (await response.json().catch(() => null)) as { code?: unknown; retryAfter?: unknown } | null;
  const code = typeof body?.code === "string" ? body.code : undefined;
  const wait = Number(response.headers.get("retry-after") ?? body?.retryAfter);
  return refuse(response.status, authFailureReason(code, response.status, wait > 0 ? wait : undefined));
}

/** The admin page's sign-in form, posted with or without JavaScript. */
export async function signInWithPassword(request: Request, form: FormData) {
  requireSameOrigin(request);
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return refuse(400, "Ange både e-post och lösenord.");
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  const answer = await handleAuthRequest(
    new Request(new URL("/api/auth/sign-in/email", request.url), {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!answer.ok) return refusalOf(answer);
  const cookies = new Headers();
  for (const cookie of answer.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return redirect("/admin", { headers: cookies });
}
