import { and, eq, ne, sql } from "drizzle-orm";
import { account, oneTimePasswords, session } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** better-auth's provider id for e-mail and password accounts. */
const CREDENTIAL_PROVIDER = "credential";

/** Marks the account's current password as one it was given: until it is replaced, the account may do nothing but choose its own. */
export async function markOneTimePassword(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into one_time_passwords (user_id, password_hash)
    select user_id, password from account
    where user_id = ${userId} and provider_id = ${CREDENTIAL_PROVIDER} and password is not null
    on conflict (user_id) do update set password_hash = excluded.password_hash, created_at = now()`);
}

/** Whether the account still has the password it was given (it has not chosen its own yet). */
export async function hasOneTimePassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: oneTimePasswords.userId })
    .from(oneTimePasswords)
    .innerJoin(
      account,
      and(
        eq(account.userId, oneTimePasswords.userId),
        eq(account.providerId, CREDENTIAL_PROVIDER),
        eq(account.password, oneTimePasswords.passwordHash),
      ),
    )
    .where(eq(oneTimePasswords.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Replaces the account's one-time password with the hash of one it chose, only while the one-time password is still in place (of two changes at once, one wins). */
export async function replaceOneTimePassword(
  db: Db,
  {
    userId,
    passwordHash,
    keepSessionToken,
  }: { userId: string; passwordHash: string; keepSessionToken: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const replaced = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: sql`now()` })
      .where(
        and(
          eq(account.userId, userId),
          eq(account.providerId, CREDENTIAL_PROVIDER),
          eq(account.password, sql`(select password_hash from one_time_passwords where user_id = ${userId})`),
        ),
      )
      .returning({ id: account.id });
    if (replaced.length === 0) return false;
    await tx.delete(oneTimePasswords).where(eq(oneTimePasswords.userId, userId));
    await tx.delete(session).where(and(eq(session.userId, userId), ne(session.token, keepSessionToken)));
    return true;
  });
}
