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
