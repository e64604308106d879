import os from "node:os";
import type { NextFunction, Request, Response } from "express";

/**
 * Bounded concurrency for the app's dynamic requests. On a small machine rendering more pages at once only
 * makes every page slower, so at most `maxInFlight` run; the next `maxQueue` wait their turn (first come,
 * first served) for at most `queueTimeoutMs`; anything beyond is answered at once with 503 and Retry-After,
 * which costs almost nothing and keeps the pages in flight fast. Nothing is ever left hanging.
 */
export type LoadShedOptions = { maxInFlight: number; maxQueue: number; queueTimeoutMs: number };

// Server rendering is CPU-bound and single-threaded: a few requests per core keep the CPU busy while one waits
// on the database; more only make each one slower. The queue absorbs a burst; a request that would wait
// longer than 2 s is better told to retry than left staring at a blank page.
const CORES = os.availableParallelism();
export const DEFAULT_LOAD_SHED: LoadShedOptions = {
  maxInFlight: Math.max(4, CORES * 2),
  maxQueue: Math.max(64, CORES * 64),
  queueTimeoutMs: 2_000,
};

const RETRY_AFTER_SECONDS = "1";

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export function createLoadShedder(options: LoadShedOptions = DEFAULT_LOAD_SHED) {
  let inFlight = 0;
  const queue: Waiter[] = [];
  const stats = { admitted: 0, queued: 0, shed: 0 };

  const release = () => {
    inFlight -= 1;
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
    // Tells the browser nothing was done with the request, so sending it again is safe (app/lib/shed-retry.ts).
    res.setHeader("X-Load-Shed", "1");
    res
      .status(503)
      .type("text/plain; charset=utf-8")
      .send("Quizkväll har mycket att göra just nu. Försök igen om en stund.");
  };

  function middleware(_req: Request, res: Response, next: NextFunction) {
    const start = () => {
      inFlight += 1;
      stats.admitted += 1;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      // "close" fires for finished responses and for clients that went away mid-request.
      res.once("close", done);
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
    // A client that gives up while queued leaves the queue instead of being rendered for nobody. (The
    // response's "close" is the reliable signal; the request's fires once its body has been read.)
    res.once("close", () => {
      const i = queue.indexOf(waiter);
      if (i < 0) return;
      queue.splice(i, 1);
      clearTimeout(waiter.timer);
    });
  }

  return { middleware, stats, state: () => ({ inFlight, queued: queue.length }) };
}

/** Refuses a body larger than `maxBytes` by its declared length, before anything reads it. */
export function limitBodySize(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.setHeader("Connection", "close");
      res.status(413).json({ error: "Förfrågan är för stor." });
      return;
    }
    next();
  };
}
