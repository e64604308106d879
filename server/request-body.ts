import type { NextFunction, Request, Response } from "express";
import "./request-locals";
import { SHED_MESSAGE } from "../app/lib/shed-retry";

/**
 * Buffers every body before the load shedder, bounded while it streams, so a slow or endless body never holds a render slot.
 * All bodies in memory share `budgetBytes`; beyond it the request is shed (503) like the load shedder does.
 */
export type BodyLimits = {
  jsonMaxBytes: number;
  formMaxBytes: number;
  idleTimeoutMs: number;
  budgetBytes: number;
};

/** How long a refused body's rest is drained before the connection is cut. */
const DISCARD_MS = 5_000;

function hasBody(req: Request) {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(req.headers["content-length"] ?? 0);
  return !Number.isFinite(length) || length > 0;
}

function isFormBody(contentType: string | undefined) {
  const type = String(contentType ?? "").toLowerCase();
  return type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
}

export function createBodyReader(limits: BodyLimits) {
  let buffered = 0;
  const stats = { tooLarge: 0, timedOut: 0, shed: 0 };

  function refuse(req: Request, res: Response, status: 408 | 413 | 503) {
    if (res.headersSent || res.closed) return;
    // Drained, not kept, so the client reads the answer.
    req.resume();
    const cutOff = setTimeout(() => req.socket?.destroy(), DISCARD_MS);
    req.once("end", () => clearTimeout(cutOff));
    req.socket?.once("close", () => clearTimeout(cutOff));
    res.setHeader("Cache-Control", "no-store");
    if (status === 503) {
      res.setHeader("Retry-After", "1");
      res.setHeader("X-Load-Shed", "1");
    }
    const error =
      status === 413
        ? "Förfrågan är för stor."
        : status === 408
          ? "Förfrågan tog för lång tid att skicka."
          : SHED_MESSAGE;
    res.status(status).json({ error });
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (!hasBody(req)) return next();
    const max = isFormBody(req.headers["content-type"]) ? limits.formMaxBytes : limits.jsonMaxBytes;
    const declared = Number(req.headers["content-length"] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > max) {
      stats.tooLarge += 1;
      return refuse(req, res, 413);
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let held = 0;
    let settled = false;
    const releaseBudget = () => {
      buffered -= held;
      held = 0;
    };
    const stop = () => {
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("aborted", onGone);
    };
    const fail = (status: 408 | 413 | 503) => {
      stop();
      chunks.length = 0;
      releaseBudget();
      refuse(req, res, status);
    };
    let timer = setTimeout(() => {
      stats.timedOut += 1;
      fail(408);
    }, limits.idleTimeoutMs);
    const onData = (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > max) {
        stats.tooLarge += 1;
        return fail(413);
      }
      if (buffered + chunk.length > limits.budgetBytes) {
        stats.shed += 1;
        return fail(503);
      }
      buffered += chunk.length;
      held += chunk.length;
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(() => {
        stats.timedOut += 1;
        fail(408);
      }, limits.idleTimeoutMs);
    };
    const onEnd = () => {
      if (settled) return;
      stop();
      res.locals.body = Buffer.concat(chunks, size);
      chunks.length = 0;
      next();
    };
    const onGone = () => {
      if (settled) return;
      stop();
      chunks.length = 0;
      releaseBudget();
    };
    // Held until the response is done: the app reads the body during its render.
    res.once("close", releaseBudget);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("aborted", onGone);
  }

  return { middleware, stats, buffered: () => buffered };
}
