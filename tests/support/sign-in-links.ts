import { getEnv } from "~/lib/env.server";
import { action, loader } from "~/routes/hosts/host-sign-in";
import { cookieHeader } from "./auth-sessions";
import { callRoute } from "./call-route";

/** The sign-in link in a mail's text. */
export function signInLinkIn(text: string): string {
  const link = /http:\/\/\S+\/quizvard\/logga-in\?token=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no sign-in link in: ${text}`);
  return link;
}

type Opened = { status: number; location: string | null; cookie: string; problem: string | null };

/**
 * Opens a sign-in link as a host does: the page (a GET spends nothing), then its button (a POST from the
 * site). Redirected with the session's cookies, or answered with the page's Swedish problem.
 */
export async function openSignInLink(link: string, ip = "198.51.100.200"): Promise<Opened> {
  const origin = getEnv().publicUrl;
  const url = new URL(link);
  const page = await callRoute<{ token: string | null; problem: string | null }>(
    loader,
    new Request(`${origin}${url.pathname}${url.search}`),
  );
  if (!page.token) return { status: 400, location: null, cookie: "", problem: page.problem };
  const body = new FormData();
  body.set("token", page.token);
  const answer = await callRoute<unknown>(
    action,
    new Request(`${origin}${url.pathname}`, {
      method: "POST",
      body,
      headers: { origin, "x-quizkvall-client-ip": ip },
    }),
  );
  if (answer instanceof Response) {
    return {
      status: answer.status,
      location: answer.headers.get("location"),
      cookie: cookieHeader(answer),
      problem: null,
    };
  }
  const refused = answer as { data: { problem: string }; init: { status: number } | null };
  return { status: refused.init?.status ?? 200, location: null, cookie: "", problem: refused.data.problem };
}
