import type { Db } from "~/lib/db.server";
import { DEFAULT_DELIVERY, type DeliveryOptions, deliverDueMails, type ServerState } from "./delivery.server";
import { type ClaimedMail, releaseClaim } from "./outbox.server";
import { closeSmtpTransport } from "./transport.server";
import { onMailQueued, type WakeOptions } from "./wake.server";

// After a wake for a mail queued in a transaction that may still be open, the worker looks again after these waits (then at the poll interval).
const UNCOMMITTED_RECHECKS_MS = [25, 100, 400];

/** The delivery worker of one app instance. */
export function startMailDelivery(
  db: Db,
  given: Partial<DeliveryOptions> = {},
): { stop: () => Promise<void> } {
  const options = { ...DEFAULT_DELIVERY, ...given };
  let stopping = false;
  let woken = false;
  let rechecks: number[] = [];
  let inFlight: ClaimedMail | null = null;
  let handedBack = false;
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  const server: ServerState = { unavailable: false };

  const wake = (wakeOptions?: WakeOptions) => {
    if (wakeOptions && !wakeOptions.committed) rechecks = [...UNCOMMITTED_RECHECKS_MS];
    woken = true;
    if (sleeping) {
      clearTimeout(sleeping.timer);
      sleeping.resolve();
    }
  };
  const unregister = onMailQueued(wake);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      sleeping = { timer, resolve };
    }).finally(() => {
      sleeping = null;
    });

  const track = (mail: ClaimedMail | null) => {
    inFlight = mail;
    if (mail) handedBack = false;
    return !handedBack;
  };

  // A database that cannot answer fails every round: the first failure is an error, the rest until a round succeeds are debug lines, so an outage does not fill the log every few seconds.
  let failing = false;
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      try {
        await deliverDueMails(db, options, { server, shouldStop: () => stopping, track });
        if (failing) options.logger.info("mail delivery rounds succeed again");
        failing = false;
      } catch (error) {
        options.logger[failing ? "debug" : "error"]({ err: error }, "mail delivery round failed");
        failing = true;
      }
      if (stopping) break;
      if (woken) continue;
      await sleep(rechecks.shift() ?? options.pollMs);
    }
  })();

  return {
    stop: async () => {
      stopping = true;
      unregister();
      wake();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), options.shutdownGraceMs);
      });
      const ended = await Promise.race([loop.then(() => "done" as const), grace]);
      clearTimeout(timer);
      const pending = inFlight as ClaimedMail | null;
      if (ended === "timeout" && pending) {
        handedBack = true;
        try {
          await releaseClaim(db, pending, options.now());
          options.logger.warn({ mailId: pending.id }, "mail handed back at shutdown");
        } catch (error) {
          options.logger.error(
            { err: error, mailId: pending.id },
            "mail could not be handed back at shutdown",
          );
        }
      }
      closeSmtpTransport();
    },
  };
}
