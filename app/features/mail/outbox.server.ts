import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { mailOutbox } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import {
  capsFor,
  FAILED_MAIL_RETENTION_MS,
  type MailKind,
  mailProblem,
  normalizeAddress,
  SENT_MAIL_RETENTION_MS,
} from "./mail-caps";
import { wakeMailDelivery } from "./wake.server";

/** The database handle or an open transaction of it: a mail is queued in the transaction that causes it. */
export type DbOrTransaction = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type OutgoingMail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, for example List-Unsubscribe and List-Unsubscribe-Post on list mail. */
  headers?: Record<string, string>;
  /** The one link the mail is about, repeated in the log line when mail goes to the outbox directory. */
  link?: string;
};

export type EnqueueOutcome =
  | { accepted: true; id: number; messageId: string }
  | { accepted: false; cap: string };

function messageIdFor(publicUrl: string): string {
  return `<${randomUUID()}@${new URL(publicUrl).hostname || "quizkvall.local"}>`;
}

/** Takes the advisory lock on one recipient, held to the end of the transaction: what enqueueMail takes before it counts a recipient's mails, so another feature's writes about an address can queue behind it, too. */
export async function lockRecipient(tx: DbOrTransaction, address: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`mail:${normalizeAddress(address)}`}, 0))`,
  );
}

/** Queues a mail, or drops it when the recipient has had as many mails as one of its kind's caps allows (mail-caps.ts); a dropped mail is logged and reported as not accepted, and the caller answers its visitor the same either way. */
export async function enqueueMail(
  db: DbOrTransaction,
  mail: OutgoingMail,
  now?: Date,
): Promise<EnqueueOutcome> {
  const problem = mailProblem(mail);
  if (problem) throw new TypeError(`cannot queue a ${mail.kind} mail: ${problem}`);
  const recipient = normalizeAddress(mail.to);
  const outcome = await db.transaction(async (tx) => {
    await lockRecipient(tx, recipient);
    // Taken after the lock, so mails to one address are stamped in the order they were queued.
    const at = now ?? new Date();
    const caps = capsFor(mail.kind);
    const counts = sql.join(
      caps.map(
        (cap, i) =>
          sql`count(*) filter (where ${mailOutbox.createdAt} > ${new Date(at.getTime() - cap.windowMs).toISOString()}::timestamptz and ${inArray(mailOutbox.kind, cap.kinds)})::int as ${sql.identifier(`c${i}`)}`,
      ),
      sql`, `,
    );
    const since = new Date(at.getTime() - Math.max(...caps.map((cap) => cap.windowMs))).toISOString();
    const [row] = await queryRows<Record<string, number>>(
      tx as Db,
      sql`select ${counts} from ${mailOutbox} where ${mailOutbox.recipient} = ${recipient} and ${mailOutbox.createdAt} > ${since}::timestamptz`,
    );
    const full = caps.find((cap, i) => (row?.[`c${i}`] ?? 0) >= cap.limit);
    if (full) return { accepted: false as const, cap: full.name };
    const [inserted] = await tx
      .insert(mailOutbox)
      .values({
        kind: mail.kind,
        recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? {},
        link: mail.link ?? null,
        messageId: messageIdFor(getEnv().publicUrl),
        nextAttemptAt: at,
        createdAt: at,
      })
      .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
    return { accepted: true as const, id: inserted!.id, messageId: inserted!.messageId };
  });
  if (!outcome.accepted) {
    logger.info(
      { kind: mail.kind, to: recipient, cap: outcome.cap },
      "mail dropped: the recipient's cap is full",
    );
    return outcome;
  }
  // Inside a caller's transaction the row is not visible until that commits: the worker looks again shortly after (wake.server.ts).
  wakeMailDelivery({ committed: !("rollback" in db) });
  return outcome;
}

export type ClaimedMail = typeof mailOutbox.$inferSelect & { claim: string };

const INSTANCE = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Claims the next due mail for one delivery attempt: a waiting mail whose time has come, or one whose claim's lease ran out (its claimer died). */
export async function claimNextMail(db: Db, leaseMs: number, now = new Date()): Promise<ClaimedMail | null> {
  const claim = `${INSTANCE}:${randomUUID()}`;
  const rows = await db
    .update(mailOutbox)
    .set({
      status: "sending",
      attempts: sql`${mailOutbox.attempts} + 1`,
      claim,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(
      eq(
        mailOutbox.id,
        sql`(select ${mailOutbox.id} from ${mailOutbox}
              where ${mailOutbox.status} in ('pending', 'sending') and ${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz
              order by ${mailOutbox.nextAttemptAt}, ${mailOutbox.id}
              limit 1
              for update skip locked)`,
      ),
    )
    .returning();
  const row = rows[0];
  return row ? { ...row, claim } : null;
}

const ownClaim = (mail: ClaimedMail) => and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claim, mail.claim));

/** Records a delivery. False when the claim was no longer this worker's (its lease ran out meanwhile). */
export async function markSent(db: Db, mail: ClaimedMail, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "sent", claim: null, finishedAt: now, lastError: null })
    .where(ownClaim(mail))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export async function markRetry(db: Db, mail: ClaimedMail, nextAttemptAt: Date, error: string) {
  await db
    .update(mailOutbox)
    .set({ status: "pending", claim: null, nextAttemptAt, lastError: error.slice(0, 1000) })
    .where(ownClaim(mail));
}

/** Gives the mail up: refused for good, or undeliverable for too long. */
export async function markFailed(db: Db, mail: ClaimedMail, error: string, now = new Date()) {
  await db
    .update(mailOutbox)
    .set({ status: "failed", claim: null, finishedAt: now, lastError: error.slice(0, 1000) })
    .where(ownClaim(mail));
}

/** Every mail waiting for a retry is due now: the SMTP server is back (a retry went through, or a mail did after an attempt found the server unavailable), so what waited out its backoff need not wait any longer. */
export async function retryWaitingMailNow(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: now })
    .where(
      sql`${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} > 0 and ${mailOutbox.nextAttemptAt} > ${now.toISOString()}::timestamptz`,
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Hands a claimed mail back untried (a shutdown): due at once for any instance. */
export async function releaseClaim(db: Db, mail: ClaimedMail, now = new Date()) {
  await db
    .update(mailOutbox)
    .set({ status: "pending", claim: null, nextAttemptAt: now })
    .where(ownClaim(mail));
}

export const MAIL_PRUNE_JOB_NAME = "mail-outbox-prune";
/** Hourly, away from the other jobs' minutes. */
export const MAIL_PRUNE_CRON = "13 * * * *";

/** Deletes sent and failed mails past their retention (one statement); returns how many. */
export async function pruneMailOutbox(db: Db, now = new Date()): Promise<number> {
  const sentBefore = new Date(now.getTime() - SENT_MAIL_RETENTION_MS);
  const failedBefore = new Date(now.getTime() - FAILED_MAIL_RETENTION_MS);
  const removed = await db
    .delete(mailOutbox)
    .where(
      sql`(${mailOutbox.status} = 'sent' and ${lt(mailOutbox.finishedAt, sentBefore)}) or (${mailOutbox.status} = 'failed' and ${lt(mailOutbox.finishedAt, failedBefore)})`,
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}
