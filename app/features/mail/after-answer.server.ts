import { logger } from "~/lib/logger.server";
import { runOutsideRequestScope } from "~/lib/request-scope.server";

const pending = new Set<Promise<void>>();

/** Queues a mail's work after the answer: the answer does not wait for the outbox, its lock or the recipient's cap, which only a known address reaches, so it tells nobody in its time whether the address is known. */
export function mailAfterAnswer(what: string, work: () => Promise<void>): void {
  const task: Promise<void> = runOutsideRequestScope(work)
    .catch((error: unknown) => logger.error({ err: error }, `${what} could not be queued`))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every mail asked for after an answer so far is queued (or failed): for shutdown and tests. */
export async function mailsAfterAnswerQueued(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
