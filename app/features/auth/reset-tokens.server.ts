import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { and, eq, like, or, sql } from "drizzle-orm";
import { account, session, user, verification } from "~/db/schema";
import { type DbOrTransaction, enqueueMail } from "~/features/mail/public.server";
import { type Db, queryRows } from "~/lib/db.server";
import { RESET_TTL_SECONDS, resetCodeMail, resetLinkUrl, resetMail } from "./auth-mails";

/**
 * One reset mail carries a link (better-auth's `reset-password:<token>` verification row, whose value is the
 * user id) and a code (the email-OTP plugin's `forget-password-otp-<email>` row, `<code>:<wrong guesses>`).
 * They are one way back in, and only the newest mail's:
 * - a mail is made in one transaction that holds the user row, queues the mail under the recipient's cap,
 *   deletes every pending link and code of the account and writes the new ones, so parallel requests leave
 *   exactly the last one's; a request whose mail the cap drops changes nothing;
 * - using the link or the code deletes the other and sets the password in one transaction that holds the
 *   user row, so of any number of parallel uses of one mail exactly one succeeds;
 * - a guess at the code is checked and, when wrong, counted by one statement, so parallel guesses each
 *   count and the fourth is refused.
 */
export const RESET_CODE_ATTEMPTS = 3;

type Account = { id: string; email: string };

const linkIdentifier = (token: string) => `reset-password:${token}`;
const codeIdentifier = (email: string) => `forget-password-otp-${email.trim().toLowerCase()}`;

export async function userOfEmail(db: DbOrTransaction, email: string): Promise<Account | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

/** Deletes every pending reset link and code of the account, in one statement. */
async function revokeResets(db: DbOrTransaction, owner: Account): Promise<void> {
  await db
    .delete(verification)
    .where(
      or(
        and(like(verification.identifier, "reset-password:%"), eq(verification.value, owner.id)),
        sql`lower(${verification.identifier}) = ${codeIdentifier(owner.email)}`,
      ),
    );
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

async function storeCode(tx: DbOrTransaction, owner: Account, code: string, now: Date) {
  await tx.insert(verification).values({
    id: randomUUID(),
    identifier: codeIdentifier(owner.email),
    value: `${code}:0`,
    expiresAt: new Date(now.getTime() + RESET_TTL_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Locks the account's row for the rest of the transaction. Every transaction that makes or uses an account's
 * links and codes takes it first, so they go one at a time and never wait on each other's rows in opposite
 * orders.
 */
async function lockAccount(tx: DbOrTransaction, where: ReturnType<typeof sql>): Promise<Account | null> {
  const [row] = await tx.select({ id: user.id, email: user.email }).from(user).where(where).for("update");
  return row ?? null;
}

/**
 * The reset mail (link and code) for an account. `discardToken` is the link better-auth made before
 * asking for the mail, outside this transaction: it is never mailed, so it goes, and this mail's own link
 * is made here. Returns whether the mail was queued (false: over the recipient's cap).
 */
export async function issuePasswordReset(
  db: Db,
  owner: Account,
  options: { publicUrl: string; discardToken?: string },
): Promise<boolean> {
  const token = randomBytes(18).toString("base64url");
  const code = newCode();
  return db.transaction(async (tx) => {
    if (!(await lockAccount(tx, eq(user.id, owner.id)))) return false;
    const queued = await enqueueMail(tx, {
      kind: "password-reset",
      to: owner.email,
      ...resetMail(resetLinkUrl(options.publicUrl, token), code),
    });
    if (!queued.accepted) {
      if (options.discardToken) {
        await tx
          .delete(verification)
          .where(eq(verification.identifier, linkIdentifier(options.discardToken)));
      }
      return false;
    }
    const now = new Date();
    await revokeResets(tx, owner);
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: linkIdentifier(token),
      value: owner.id,
      expiresAt: new Date(now.getTime() + RESET_TTL_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    });
    await storeCode(tx, owner, code, now);
    return true;
  });
}

/** A code alone (the e-mail code endpoints), replacing every pending link and code of the account. */
export async function issueResetCode(db: Db, owner: Account): Promise<boolean> {
  const code = newCode();
  return db.transaction(async (tx) => {
    if (!(await lockAccount(tx, eq(user.id, owner.id)))) return false;
    const queued = await enqueueMail(tx, { kind: "reset-code", to: owner.email, ...resetCodeMail(code) });
    if (!queued.accepted) return false;
    await revokeResets(tx, owner);
    await storeCode(tx, owner, code, new Date());
    return true;
  });
}

export type CodeVerdict = "match" | "mismatch" | "exhausted" | "expired" | "none";

const attemptsOf = sql`coalesce(nullif(split_part(${verification.value}, ':', 2), ''), '0')::int`;
const codeOf = sql`split_part(${verification.value}, ':', 1)`;

/**
 * Checks a guess at an account's code and counts it when wrong, in one statement: the row lock orders
 * parallel guesses, each sees the count the one before left, and none is lost. A right guess is not
 * counted (the form checks the code, then sends it again with the new password).
 */
export async function guessResetCode(
  db: DbOrTransaction,
  email: string,
  guess: string,
  now = new Date(),
): Promise<CodeVerdict> {
  const identifier = codeIdentifier(email);
  const rows = await queryRows<{ matched: boolean }>(
    db as Db,
    sql`update ${verification}
        set value = case when ${codeOf} = ${guess} then ${verification.value}
                         else ${codeOf} || ':' || (${attemptsOf} + 1)::text end,
            updated_at = ${now.toISOString()}::timestamptz
        where ${verification.identifier} = ${identifier}
          and ${verification.expiresAt} > ${now.toISOString()}::timestamptz
          and ${attemptsOf} < ${RESET_CODE_ATTEMPTS}
        returning ${codeOf} = ${guess} as matched`,
  );
  if (rows.some((row) => row.matched)) return "match";
  if (rows.length > 0) return "mismatch";
  const [left] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, identifier))
    .limit(1);
  if (!left) return "none";
  return left.expiresAt <= now ? "expired" : "exhausted";
}

/** The user id a pending (unexpired) reset link belongs to. */
export async function userIdOfResetToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, linkIdentifier(token)));
  return row && row.expiresAt > new Date() ? row.value : null;
}

/** The new password, and every session of the account ended (a reset is also how a stolen one is shut out). */
async function setPassword(tx: DbOrTransaction, userId: string, passwordHash: string, now: Date) {
  const updated = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length === 0) {
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  }
  await tx.delete(session).where(eq(session.userId, userId));
}

/**
 * Sets a new password with a mail's link: the link is spent, the mail's code (and any other link) goes with
 * it, and the password changes, all or nothing. Null when the link is unknown, used or expired.
 */
export async function resetPasswordWithLink(
  db: Db,
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<string | null> {
  const userId = await userIdOfResetToken(db, token);
  if (!userId) return null;
  return db.transaction(async (tx) => {
    const owner = await lockAccount(tx, eq(user.id, userId));
    if (!owner) return null;
    const [spent] = await tx
      .delete(verification)
      .where(eq(verification.identifier, linkIdentifier(token)))
      .returning({ userId: verification.value, expiresAt: verification.expiresAt });
    if (!spent || spent.userId !== owner.id || spent.expiresAt <= now) return null;
    await revokeResets(tx, owner);
    await setPassword(tx, owner.id, passwordHash, now);
    return owner.id;
  });
}

/**
 * Sets a new password with a mail's code, as resetPasswordWithLink does with its link. The code must have
 * been guessed right (guessResetCode) before the password was hashed; here it is spent only if it still
 * matches, so of parallel uses one wins.
 */
export async function resetPasswordWithCode(
  db: Db,
  email: string,
  code: string,
  passwordHash: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owner = await lockAccount(tx, sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
    if (!owner) return false;
    const spent = await tx
      .delete(verification)
      .where(
        and(
          eq(verification.identifier, codeIdentifier(owner.email)),
          sql`${codeOf} = ${code}`,
          sql`${attemptsOf} < ${RESET_CODE_ATTEMPTS}`,
          sql`${verification.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: verification.id });
    if (spent.length === 0) return false;
    await revokeResets(tx, owner);
    await setPassword(tx, owner.id, passwordHash, now);
    // The code came by mail: the address is proven.
    await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, owner.id));
    return true;
  });
}
