import type { Db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { redactUrl } from "~/lib/log-redaction";
import { type Logger, logger as rootLogger } from "~/lib/logger.server";
import {
  type ClaimedMail,
  claimNextMail,
  markFailed,
  markRetry,
  markSent,
  retryWaitingMailNow,
} from "./outbox.server";
import { classifySendError, MAIL_RETRY, type RetryPolicy, retryDelayMs } from "./retry";
import { messageOf, sendOverSmtp, writeToOutboxDirectory } from "./transport.server";

export type DeliveryOptions = {
  /** How often the outbox is read for mail other instances queued (this process's own wake the worker). */
  pollMs: number;
  /** How long a claim is this worker's: longer than one attempt can take (transport.server.ts's timeouts). */
  leaseMs: number;
  /** How long a shutdown waits for a delivery in progress before it hands the mail back. */
  shutdownGraceMs: number;
  retry: RetryPolicy;
  now: () => Date;
  logger: Logger;
};

export const DEFAULT_DELIVERY: DeliveryOptions = {
  pollMs: 3_000,
  leaseMs: 2 * 60_000,
  shutdownGraceMs: 1_000,
  retry: MAIL_RETRY,
  now: () => new Date(),
  logger: rootLogger,
};

type Attempt = { ok: true; via: "smtp" | "outbox"; detail: string } | { ok: false; error: unknown };

async function attempt(mail: ClaimedMail): Promise<Attempt> {
  const env = getEnv();
  try {
    const message = messageOf(mail, env.MAIL_FROM);
    if (env.SMTP_URL) return { ok: true, via: "smtp", detail: await sendOverSmtp(env.SMTP_URL, message) };
    return { ok: true, via: "outbox", detail: await writeToOutboxDirectory(env.dataDir, mail, message) };
  } catch (error) {
    return { ok: false, error };
  }
}

type Outcome = "sent" | "retry" | "failed" | "unavailable";

/** What a worker remembers between mails: whether its last attempt found the SMTP server unavailable. */
export type ServerState = { unavailable: boolean };

/** Writes down what an attempt came to: sent, another attempt after the backoff, or given up. */
async function record(
  db: Db,
  mail: ClaimedMail,
  result: Attempt,
  options: DeliveryOptions,
  server: ServerState,
): Promise<Outcome> {
  const now = options.now();
  const log = options.logger;
  const fields = { mailId: mail.id, kind: mail.kind, to: mail.recipient, attempts: mail.attempts };
  if (result.ok) {
    const stillOurs = await markSent(db, mail, now);
    const delayMs = now.getTime() - mail.createdAt.getTime();
    if (result.via === "outbox") {
      // The link with its token hidden (whichever logger this is); the whole link is in the file.
      const link = mail.link && redactUrl(mail.link);
      log.info({ ...fields, subject: mail.subject, link, file: result.detail }, "mail written to outbox");
    } else {
      log.info({ ...fields, subject: mail.subject, messageId: mail.messageId, delayMs }, "mail sent");
    }
    if (!stillOurs) {
      log.warn(
        { ...fields, messageId: mail.messageId },
        "mail sent after its claim ran out: it may arrive twice",
      );
    }
    // A retry that went through, or any mail after the server was unavailable: it is back, and the mail waiting out its backoff goes now instead of minutes later.
    if (mail.attempts > 1 || server.unavailable) {
      server.unavailable = false;
      const retried = await retryWaitingMailNow(db, now);
      if (retried > 0) log.info({ retried }, "mail server is back: waiting mail is due now");
    }
    return "sent";
  }
  const failure = classifySendError(result.error);
  const error = result.error instanceof Error ? result.error.message : String(result.error);
  const age = now.getTime() - mail.createdAt.getTime();
  if (failure === "refused" || age >= options.retry.giveUpAfterMs) {
    await markFailed(db, mail, error, now);
    log.error({ ...fields, err: result.error, failure }, "mail given up");
    return "failed";
  }
  const next = new Date(now.getTime() + retryDelayMs(mail.attempts, options.retry));
  await markRetry(db, mail, next, error);
  log.warn(
    { ...fields, error, failure, nextAttemptAt: next.toISOString() },
    "mail not delivered; will retry",
  );
  if (failure !== "unavailable") return "retry";
  server.unavailable = true;
  return "unavailable";
}

type Drain = { sent: number; retried: number; failed: number };

/** What one round of a worker shares with the worker (mail-worker.server.ts); a round alone needs none of it. */
type Round = {
  server: ServerState;
  /** Ends the round between mails. */
  shouldStop: () => boolean;
  /** Sees each claimed mail while its attempt is under way; false when it was handed back meanwhile. */
  track: (mail: ClaimedMail | null) => boolean;
};

/** One round of delivery: due mail one claim at a time until none is due, or until the server is unavailable (then the rest waits for the next round rather than each failing the same way). */
export async function deliverDueMails(
  db: Db,
  given: Partial<DeliveryOptions> = {},
  round: Round = { server: { unavailable: false }, shouldStop: () => false, track: () => true },
): Promise<Drain> {
  const options = { ...DEFAULT_DELIVERY, ...given };
  const { server, shouldStop, track } = round;
  const counts: Drain = { sent: 0, retried: 0, failed: 0 };
  while (!shouldStop()) {
    const mail = await claimNextMail(db, options.leaseMs, options.now());
    if (!mail) break;
    track(mail);
    const result = await attempt(mail);
    // False when a shutdown handed the mail back meanwhile: it is no longer this worker's to record.
    if (!track(null)) break;
    const outcome = await record(db, mail, result, options, server);
    if (outcome === "sent") counts.sent++;
    else if (outcome === "failed") counts.failed++;
    else counts.retried++;
    if (outcome === "unavailable") break;
  }
  return counts;
}
