import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { redactUrl } from "../app/lib/log-redaction";
import type { Logger } from "../app/lib/logger.server";

/** The request id (the client's, when it is a plain token, else a new one) and one JSON log line a request. */
export function requestLog(logger: Logger) {
  const idOf = (req: IncomingMessage) => {
    const header = req.headers["x-request-id"];
    return typeof header === "string" && /^[\w-]{1,100}$/.test(header) ? header : randomUUID();
  };
  const write = (
    req: IncomingMessage,
    res: ServerResponse,
    url: string | undefined,
    requestId: string,
    started: bigint,
    level: "info" | "debug" = "info",
  ) => {
    logger[level](
      {
        requestId,
        method: req.method,
        url: url === undefined ? url : redactUrl(url),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      },
      "request",
    );
  };
  const middleware: RequestHandler = (req, res, next) => {
    const requestId = idOf(req);
    req.headers["x-request-id"] = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    // The URL as requested (a path with control characters is rewritten further on).
    const url = req.originalUrl;
    res.on("finish", () => write(req, res, url, requestId, started));
    next();
  };
  return { idOf, write, middleware };
}
