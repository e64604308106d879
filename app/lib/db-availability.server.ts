import { AppError, appErrorJson } from "./app-error";
import { logger } from "./logger.server";
import { currentRequestScope } from "./request-scope.server";

// docs/decisions/023. Down only once a ping fails too: one failed query while pings succeed (a connect
// timeout under load) is shed for that request only.

const CONNECTION_ERROR_CODES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** 08 connection, 28 credentials, 53 resources, 58 I/O, 57P0x shutdown/startup, 3D000 no database. */
function isUnavailableSqlState(code: string) {
  return /^(08|28|53|58)[0-9A-Z]{3}$/.test(code) || ["57P01", "57P02", "57P03", "3D000"].includes(code);
}

// Follows `cause`: drizzle wraps driver errors.
function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  if (CONNECTION_ERROR_CODES.has(code) || isUnavailableSqlState(code)) return true;
  // PGlite after close, or its WebAssembly instance aborted (out of memory): every query fails from then on.
  if (e.name === "RuntimeError" || e.name === "DatabaseUnavailableError") return true;
  if (typeof e.message === "string" && /PGlite is closed/i.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1)))
    return true;
  return isDatabaseUnavailableError(e.cause, depth + 1);
}

export type DatabaseWatch = {
  report: (error: unknown) => boolean;
  isDown: () => boolean;
  stop: () => void;
};

export function createDatabaseWatch(options: {
  ping: () => Promise<void>;
  retryMs?: number;
  timeoutMs?: number;
}): DatabaseWatch {
  const retryMs = options.retryMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 2_000;
  let down = false;
  let probing = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const ping = () =>
    new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error("ping timed out")), timeoutMs);
      options.ping().then(
        () => {
          clearTimeout(deadline);
          resolve();
        },
        (error) => {
          clearTimeout(deadline);
          reject(error);
        },
      );
    });

  async function probe() {
    if (stopped) return;
    probing = true;
    try {
      await ping();
      if (down) logger.info("the database answers again");
      down = false;
      probing = false;
    } catch (error) {
      if (!down) logger.warn({ err: error }, "the database does not answer: serving cached pages and 503s");
      down = true;
      if (stopped) return;
      timer = setTimeout(() => void probe(), retryMs);
      timer.unref?.();
    }
  }

  return {
    report(error) {
      if (!isDatabaseUnavailableError(error)) return false;
      if (!probing) void probe();
      return true;
    },
    isDown: () => down,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

// On globalThis: the server and the app's build load this module separately.
const KEY = Symbol.for("quizkvall.databaseWatch");
type WithWatch = typeof globalThis & { [KEY]?: DatabaseWatch };

export function setDatabaseWatch(watch: DatabaseWatch | undefined) {
  (globalThis as WithWatch)[KEY] = watch;
}

export function databaseIsDown(): boolean {
  return (globalThis as WithWatch)[KEY]?.isDown() ?? false;
}

export function reportRequestError(error: unknown): boolean {
  const watch = (globalThis as WithWatch)[KEY];
  const unavailable = watch ? watch.report(error) : isDatabaseUnavailableError(error);
  const scope = currentRequestScope();
  if (unavailable && scope) scope.databaseUnavailable = true;
  return unavailable;
}

export function databaseUnavailableResponse(): Response {
  return appErrorJson(new AppError("unavailable", { retryAfterSeconds: 1 }));
}

/** Throws the 503 instead of waiting on a connection that will not come; jobs (no request) are unaffected. */
export function refuseWhileDatabaseDown() {
  const scope = currentRequestScope();
  if (!scope || !databaseIsDown()) return;
  scope.databaseUnavailable = true;
  throw databaseUnavailableResponse();
}
