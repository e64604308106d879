import { getAuth } from "./auth.server";
import { captureIssuedToken, MAGIC_LINK_LANDING, SIGN_IN_PAGE } from "./link-sessions.server";

function signInPageUrl(publicUrl: string, token: string): string {
  const url = new URL(SIGN_IN_PAGE, publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** A sign-in link for an address, made by better-auth's magic-link plugin, pointing at the sign-in page. */
export async function createSignInLink(email: string, publicUrl: string): Promise<string> {
  const token = await captureIssuedToken(() =>
    getAuth().api.signInMagicLink({
      body: { email: email.trim().toLowerCase(), callbackURL: MAGIC_LINK_LANDING },
      headers: new Headers(),
    }),
  );
  return signInPageUrl(publicUrl, token);
}

/** The account of an address, made through better-auth (unverified, without a password) when there is none: a host needs no password, and the first link they use proves the address. */
export async function accountForEmail(email: string, name: string): Promise<{ id: string }> {
  const address = email.trim().toLowerCase();
  const { internalAdapter } = await getAuth().$context;
  const found = await internalAdapter.findUserByEmail(address);
  if (found) return { id: found.user.id };
  try {
    const created = await internalAdapter.createUser(
      { email: address, name, emailVerified: false },
      { method: "magic-link" },
    );
    if (created) return { id: created.id };
  } catch (error) {
    // Two approvals for one new address at once: the other one made it.
    const raced = await internalAdapter.findUserByEmail(address);
    if (raced) return { id: raced.user.id };
    throw error;
  }
  throw new Error(`no account for ${address} after creating it`);
}

/** Why a link did not sign in: it is not valid (used, expired, cut short), or the account uses a password. */
export type LinkRefusal = "invalid" | "use-password";

/** Spends a link's token through the magic-link plugin. */
export async function signInWithLink(
  request: Request,
  token: string,
): Promise<{ ok: true; headers: Headers } | { ok: false; refusal: LinkRefusal }> {
  const response = await getAuth().api.magicLinkVerify({
    query: { token, callbackURL: MAGIC_LINK_LANDING, errorCallbackURL: SIGN_IN_PAGE },
    headers: request.headers,
    asResponse: true,
  });
  const location = new URL(response.headers.get("location") ?? SIGN_IN_PAGE, "http://localhost");
  const error = location.searchParams.get("error");
  if (error === "failed_to_create_session") return { ok: false, refusal: "use-password" };
  if (error || response.status >= 400) return { ok: false, refusal: "invalid" };
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return { ok: true, headers };
}
