import { AppError, appErrorJson } from "./app-error";
import { logger } from "./logger.server";
import { currentRequestScope } from "./request-scope.server";

/**
 * Whether the database can answer, as the requests find out (docs/decisions/023). A query that fails because
 * the database cannot be reached (refused, reset, shut down, no connection within the connect timeout, out of
 * connections or disk, PGlite closed or aborted) marks its request: the server then answers it with the
 * stale cached page or a Swedish 503 instead of an error page. It also starts a probe: when a ping fails too,
 * the database counts as down and requests get the 503 at once, without waiting on connections, until a
 * ping succeeds again (every `retryMs`). One failed query while pings succeed (a connect timeout under load)
 * is shed for that request only.
 */

/** postgres.js's own connection errors, and the socket errors under them. */
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

/**
 * SQLSTATEs of a server that cannot serve us: connection exceptions (08), shutting down or starting up
 * (57P01–57P03), out of connections, memory or disk (53), I/O errors (58), and a database that refuses the
 * credentials (28) or is gone (3D000).
 */
function isUnavailableSqlState(code: string) {
  return /^(08|28|53|58)[0-9A-Z]{3}$/.test(code) || ["57P01", "57P02", "57P03", "3D000"].includes(code);
}

/** Whether `error` (or what caused it: drizzle wraps driver errors) says the database cannot answer. */
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
  /** A failed query: returns whether it was the database being unavailable (and then probes). */
  report: (error: unknown) => boolean;
  /** A ping has failed and none has succeeded since. */
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

// The running app's watch, shared by the server and the app's build, which load this module separately.
const KEY = Symbol.for("quizkvall.databaseWatch");
type WithWatch = typeof globalThis & { [KEY]?: DatabaseWatch };

/** Installs the app's watch (lifecycle.server.ts); undefined removes it. */
export function setDatabaseWatch(watch: DatabaseWatch | undefined) {
  (globalThis as WithWatch)[KEY] = watch;
}

export function databaseIsDown(): boolean {
  return (globalThis as WithWatch)[KEY]?.isDown() ?? false;
}

/**
 * Called with every error a request's code did not handle (entry.server.tsx): when it is the database
 * being unavailable, the request is marked so the server degrades its answer, and the watch probes.
 */
export function reportRequestError(error: unknown): boolean {
  const watch = (globalThis as WithWatch)[KEY];
  const unavailable = watch ? watch.report(error) : isDatabaseUnavailableError(error);
  const scope = currentRequestScope();
  if (unavailable && scope) scope.databaseUnavailable = true;
  return unavailable;
}

/** The Swedish JSON 503 of a request the database cannot serve now; Retry-After as the load shedder's. */
export function databaseUnavailableResponse(): Response {
  return appErrorJson(new AppError("unavailable", { retryAfterSeconds: 1 }));
}

/**
 * While the database is down, a request's code stops at its first database access with the 503 (thrown as
 * a Response: a page shows the outage page, an endpoint answers the JSON), instead of waiting on a
 * connection that will not come. Outside requests (jobs) nothing changes: they fail on their own.
 */
export function refuseWhileDatabaseDown() {
  const scope = currentRequestScope();
  if (!scope || !databaseIsDown()) return;
  scope.databaseUnavailable = true;
  throw databaseUnavailableResponse();
}
