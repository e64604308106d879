/**
 * What other features and the app shell use from mail: queue a mail under its recipient's caps (and take its lock), and run
 * the delivery worker and the pruning job. A new kind of mail is one line in mail-caps.ts.
 */

export { mailAfterAnswer, mailsAfterAnswerQueued } from "./after-answer.server";
export { FAILED_MAIL_RETENTION_MS, SENT_MAIL_RETENTION_MS } from "./mail-caps";
export { startMailDelivery } from "./mail-worker.server";
export {
  type DbOrTransaction,
  enqueueMail,
  lockRecipient,
  MAIL_PRUNE_CRON,
  MAIL_PRUNE_JOB_NAME,
  pruneMailOutbox,
} from "./outbox.server";
