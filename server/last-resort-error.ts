import type { ErrorRequestHandler } from "express";
import { redactUrl } from "../app/lib/log-redaction";
import type { Logger } from "../app/lib/logger.server";

const SERVER_ERROR_MESSAGE = "Något gick fel. Försök igen.";
const BAD_REQUEST_MESSAGE = "Ogiltig förfrågan.";

/** The answer to an error no handler took: JSON for the API, plain text elsewhere; never a stack trace. */
export function lastResortError(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // A request Express itself refused (a path that does not decode, say) keeps its 4xx.
    const given = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? Number.NaN);
    const status = given >= 400 && given < 500 ? given : 500;
    const message = status === 500 ? SERVER_ERROR_MESSAGE : BAD_REQUEST_MESSAGE;
    if (status === 500) logger.error({ err: error, url: redactUrl(req.originalUrl) }, "request failed");
    res.setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) res.status(status).json({ error: message });
    else res.status(status).type("text/plain; charset=utf-8").send(message);
  };
}
