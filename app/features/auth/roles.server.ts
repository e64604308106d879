import { and, eq } from "drizzle-orm";
import { user, userRoles } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** The account created on the first start of an empty database (see first-admin.server.ts). */
export const FIRST_ADMIN_EMAIL = "admin@quizkvall.local";

const ADMIN_ROLE = "admin";

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .limit(1);
  return rows.length > 0;
}

export class UnknownUserError extends Error {
  constructor(email: string) {
    super(`no account with the e-mail ${email}`);
    this.name = "UnknownUserError";
  }
}

async function findUserIdByEmail(db: Db, email: string): Promise<string> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  if (!rows[0]) throw new UnknownUserError(email);
  return rows[0].id;
}

export async function grantAdmin(db: Db, email: string): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  await db.insert(userRoles).values({ userId, role: ADMIN_ROLE }).onConflictDoNothing();
}

export async function revokeAdmin(db: Db, email: string): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)));
}
