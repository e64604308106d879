import { and, eq, like, or, sql } from "drizzle-orm";
import { user, verification } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/**
 * One reset mail carries a link (better-auth's `reset-password:<token>`, whose value is the user id) and a
 * code (the email-OTP plugin's `forget-password-otp-<email>`). They are one way back in: using either
 * revokes both, and asking for a new mail revokes every older link and code first.
 */
export async function userOfEmail(db: Db, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

export async function userIdOfResetToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${token}`));
  return row?.value ?? null;
}

/** Deletes every pending reset link and code of the account, in one statement. */
export async function revokeResets(db: Db, account: { id: string; email: string }): Promise<void> {
  await db
    .delete(verification)
    .where(
      or(
        and(like(verification.identifier, "reset-password:%"), eq(verification.value, account.id)),
        sql`lower(${verification.identifier}) = ${`forget-password-otp-${account.email.toLowerCase()}`}`,
      ),
    );
}

export async function revokeResetsOfUserId(db: Db, userId: string): Promise<void> {
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId));
  if (row) await revokeResets(db, row);
}
