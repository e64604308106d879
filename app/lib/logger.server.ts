import pino from "pino";
import { redactUrl } from "./log-redaction";

const redactIfText = (value: unknown) => (typeof value === "string" ? redactUrl(value) : value);

/**
 * The process's logger, writing to `destination`. A `url` or `link` field is written with its tokens
 * redacted (log-redaction.ts), whoever logs it: a child logger inherits this.
 */
function createLogger(destination: pino.DestinationStream) {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
      base: { service: "quizkvall" },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { url: redactIfText, link: redactIfText },
    },
    destination,
  );
}

/**
 * One JSON logger for the process; request handlers log through child loggers carrying the request id.
 * Lines go to stdout asynchronously: under load, the lines that come while a write is under way leave in one
 * write instead of one system call each (a cache hit costs about as much as its log line otherwise). pino
 * flushes what is pending when the process exits.
 */
export const logger = createLogger(pino.destination({ dest: 1, sync: false }));

export type Logger = pino.Logger;
