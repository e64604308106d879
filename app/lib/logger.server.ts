import pino from "pino";

/** One JSON logger for the process; request handlers log through child loggers carrying the request id. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "quizkvall" },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = pino.Logger;
