import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { user, userRoles } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { getAuth } from "./auth.server";
import { markOneTimePassword } from "./one-time-password.server";
import { FIRST_ADMIN_EMAIL, grantAdmin } from "./roles.server";

/** On the first start of an empty database there is no admin yet: create one with a random one-time password that is shown once, marked as such, so the first sign-in asks for a password of the admin's own (and nothing else is allowed until then). */
export async function ensureFirstAdmin(db: Db): Promise<{ email: string; password: string } | null> {
  const [row] = await db.select({ n: count() }).from(userRoles);
  if ((row?.n ?? 0) > 0) return null;
  const password = randomBytes(12).toString("base64url");
  let userId: string;
  try {
    const { user: created } = await getAuth().api.signUpEmail({
      body: { email: FIRST_ADMIN_EMAIL, password, name: "Administratör" },
    });
    userId = created.id;
  } catch (error) {
    // Several instances starting together on one empty database race here: the one whose sign-up won prints the password; the others carry on without an admin of their own to announce.
    const existing = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, FIRST_ADMIN_EMAIL))
      .limit(1);
    if (existing.length > 0) return null;
    throw error;
  }
  // Marked before the role is granted: never an admin with a usable one-time password.
  await markOneTimePassword(db, userId);
  // The site's own address, proven by its making it: no sign-in link may treat it as unproven.
  await (await getAuth().$context).internalAdapter.updateUser(userId, { emailVerified: true });
  await grantAdmin(db, FIRST_ADMIN_EMAIL);
  return { email: FIRST_ADMIN_EMAIL, password };
}
