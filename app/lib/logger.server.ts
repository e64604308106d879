import pino from "pino";
import { redactUrl } from "./log-redaction";

const redactIfText = (value: unknown) => (typeof value === "string" ? redactUrl(value) : value);

/** `url` and `link` fields are written redacted (log-redaction.ts); child loggers inherit this. */
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

/** Asynchronous, so lines arriving during a write leave in one system call; pino flushes on exit. */
export const logger = createLogger(pino.destination({ dest: 1, sync: false }));

export type Logger = pino.Logger;
