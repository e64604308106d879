import { randomUUID } from "node:crypto";
import { getAuth } from "~/features/auth/auth.server";
import { grantAdmin } from "~/features/auth/roles.server";
import { getDb } from "~/lib/db.server";

/** A signed-in account's Cookie header, for calling loaders and actions directly in integration tests. */
export async function sessionCookie(options: { admin: boolean }): Promise<string> {
  const email = `${options.admin ? "admin" : "user"}-${randomUUID().slice(0, 8)}@example.se`;
  const password = "hemligt-losen-123";
  await getAuth().api.signUpEmail({ body: { email, password, name: "Test" } });
  if (options.admin) await grantAdmin(getDb(), email);
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const setCookie = headers.get("set-cookie") ?? "";
  return setCookie
    .split(/,(?=\s*[\w.-]+=)/)
    .map((c) => c.split(";")[0]!.trim())
    .join("; ");
}
