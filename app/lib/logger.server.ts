import pino from "pino";

/**
 * One JSON logger for the process; request handlers log through child loggers carrying the request id.
 * Lines go to stdout asynchronously: under load, the lines that come while a write is under way leave in one
 * write instead of one system call each (a cache hit costs about as much as its log line otherwise). pino
 * flushes what is pending when the process exits.
 */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "quizkvall" },
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  pino.destination({ dest: 1, sync: false }),
);

export type Logger = pino.Logger;
