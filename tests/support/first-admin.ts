import { randomBytes } from "node:crypto";

/**
 * The first start prints the admin's one-time password; the first sign-in with it must choose a password of
 * the admin's own before any admin route answers. Tests that need a working admin do what a person does:
 * sign in with the printed password and choose a new one (through the admin page's action). Returns the new
 * password. `origin` is the site's PUBLIC_URL when the server is reached at another address.
 */
export async function chooseAdminPassword(
  baseUrl: string,
  printed: { email: string; password: string },
  origin = baseUrl,
): Promise<string> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(printed),
  });
  if (!signIn.ok)
    throw new Error(`sign-in with the one-time password: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const password = `eget-${randomBytes(9).toString("base64url")}`;
  // Sent as a client that is not a browser, without an Origin: React Router refuses a page action whose
  // Origin is not the request's own address, which PUBLIC_URL is not when one instance is called directly.
  const chosen = await fetch(`${baseUrl}/admin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ password, confirmation: password }),
    redirect: "manual",
  });
  if (chosen.status !== 200) throw new Error(`choosing a password: ${chosen.status} ${await chosen.text()}`);
  return password;
}

/**
 * A fresh server's first admin signed in: the printed credentials from `output`, a password of its own chosen,
 * and the session's cookie header for the admin API.
 */
export async function signInFirstAdmin(baseUrl: string, output: string): Promise<string> {
  const created = /Admin account created: (\S+)\s+One-time password:\s+(\S+)/.exec(output);
  if (!created) throw new Error(`no admin account in the server output:\n${output}`);
  const email = created[1] ?? "";
  const password = await chooseAdminPassword(baseUrl, { email, password: created[2] ?? "" });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
