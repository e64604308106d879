import { deliverDueMails } from "~/features/mail/delivery.server";
import { mailsAfterAnswerQueued } from "~/features/mail/public.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { type OutboxMail, outboxFor } from "./outbox";

/**
 * Integration tests run no delivery worker: this waits for the reset mails answered requests asked for to be
 * queued, delivers what the outbox table holds, as one round of the worker would, then reads the
 * recipient's mails from DATA_DIR/outbox (oldest first).
 */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  await mailsAfterAnswerQueued();
  await deliverDueMails(getDb());
  return outboxFor(getEnv().dataDir, to);
}
