import os from "node:os";
import type { NextFunction, Request, Response } from "express";
import { SHED_MESSAGE } from "../app/lib/shed-retry";

/** More concurrent renders only slow every page: beyond the slots and the queue, 503 at once. */
export type LoadShedOptions = {
  maxInFlight: number;
  maxQueue: number;
  queueTimeoutMs: number;
  /** Reported stuck on /readyz after this long with every slot taken and none given back. */
  stuckAfterMs?: number;
};

// Rendering is CPU-bound and single-threaded: a few per core hide database waits; more only slow each one.
const CORES = os.availableParallelism();
export const DEFAULT_LOAD_SHED: LoadShedOptions = {
  maxInFlight: Math.max(4, CORES * 2),
  maxQueue: Math.max(64, CORES * 64),
  queueTimeoutMs: 2_000,
  stuckAfterMs: 30_000,
};

/** Small writes mostly wait on the database: held to render slots they would idle the CPU (decision 046). */
export const VISITOR_WRITE_LOAD_SHED: LoadShedOptions = {
  maxInFlight: 32,
  maxQueue: 512,
  queueTimeoutMs: 2_000,
  stuckAfterMs: 30_000,
};

export function isVisitorWrite(method: string, path: string): boolean {
  return method === "POST" && /^\/api\/(events\/[^/]+\/beer$|quiz-plays(\/|$))/.test(path);
}

const RETRY_AFTER_SECONDS = "1";
const DEFAULT_STUCK_MS = 30_000;

type Waiter = { start: () => void; timer: NodeJS.Timeout };

function clientGone(res: Response) {
  const socket = res.socket;
  return (
    res.closed ||
    res.destroyed ||
    res.writableEnded ||
    Boolean(socket?.destroyed) ||
    Boolean(socket?.readableEnded)
  );
}

export function createLoadShedder(options: LoadShedOptions = DEFAULT_LOAD_SHED, now = () => Date.now()) {
  let inFlight = 0;
  const queue: Waiter[] = [];
  const stats = { admitted: 0, queued: 0, shed: 0, gone: 0 };
  let lastRelease = now();

  const release = () => {
    inFlight -= 1;
    lastRelease = now();
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  const shed = (res: Response) => {
    stats.shed += 1;
    if (res.headersSent) return;
    res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
    res.setHeader("Cache-Control", "no-store");
    // Tells the browser nothing was done with the request, so sending it again is safe.
    res.setHeader("X-Load-Shed", "1");
    res.status(503).type("text/plain; charset=utf-8").send(SHED_MESSAGE);
  };

  function middleware(_req: Request, res: Response, next: NextFunction) {
    // Wait for the loop to read the socket again: Node hands over the request before a queued client's FIN,
    // and renders never yield that pass, so dead connections were rendered in full.
    setImmediate(() => setImmediate(() => admit(res, next)));
  }

  function admit(res: Response, next: NextFunction) {
    // Its "close" has fired already, so a slot taken now would never be given back.
    if (clientGone(res)) {
      stats.gone += 1;
      res.socket?.destroy();
      return;
    }
    const start = () => {
      if (clientGone(res)) {
        stats.gone += 1;
        res.socket?.destroy();
        return;
      }
      if (inFlight === 0) lastRelease = now();
      inFlight += 1;
      stats.admitted += 1;
      let released = false;
      let closed = false;
      let held = 0;
      const done = () => {
        if (released || !closed || held > 0) return;
        released = true;
        release();
      };
      // Work outliving the response keeps its slot, or aborted renders would pile up beyond maxInFlight.
      res.locals.holdRenderSlot = (work: Promise<unknown>) => {
        held += 1;
        const settle = () => {
          held -= 1;
          done();
        };
        work.then(settle, settle);
      };
      res.once("close", () => {
        closed = true;
        done();
      });
      next();
    };
    if (inFlight < options.maxInFlight) return start();
    if (queue.length >= options.maxQueue) return shed(res);
    stats.queued += 1;
    const waiter: Waiter = {
      start,
      timer: setTimeout(() => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        shed(res);
      }, options.queueTimeoutMs),
    };
    queue.push(waiter);
    res.once("close", () => {
      const i = queue.indexOf(waiter);
      if (i < 0) return;
      queue.splice(i, 1);
      clearTimeout(waiter.timer);
    });
  }

  const stuck = () =>
    inFlight >= options.maxInFlight && now() - lastRelease > (options.stuckAfterMs ?? DEFAULT_STUCK_MS);

  return { middleware, stats, stuck, state: () => ({ inFlight, queued: queue.length }) };
}
