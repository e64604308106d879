import { afterEach, describe, expect, it } from "vitest";
import {
  createDatabaseWatch,
  type DatabaseWatch,
  databaseIsDown,
  refuseWhileDatabaseDown,
  reportRequestError,
  setDatabaseWatch,
} from "./db-availability.server";
import { newRequestScope, runInRequestScope } from "./request-scope.server";
import { UNAVAILABLE_MESSAGE } from "./unavailable";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

const watches: DatabaseWatch[] = [];
afterEach(() => {
  for (const watch of watches.splice(0)) watch.stop();
  setDatabaseWatch(undefined);
});

/** A watch whose ping fails while `answering` is false. */
function watchWith(state: { answering: boolean; pings: number }) {
  const watch = createDatabaseWatch({
    ping: async () => {
      state.pings += 1;
      if (!state.answering) throw withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    },
    retryMs: 5,
  });
  watches.push(watch);
  return watch;
}

describe("database availability", () => {
  it("tells a database that cannot answer from an error in the request itself", () => {
    // With no watch installed, reporting an error only classifies it.
    const isDatabaseUnavailableError = reportRequestError;
    for (const code of [
      "ECONNREFUSED",
      "ECONNRESET",
      "CONNECT_TIMEOUT",
      "CONNECTION_ENDED",
      "57P01",
      "57P03",
    ])
      expect(isDatabaseUnavailableError(withCode(code)), code).toBe(true);
    // Out of connections, disk or memory; a connection exception; credentials refused; the database gone.
    for (const code of ["53300", "53100", "08006", "58030", "28P01", "3D000"])
      expect(isDatabaseUnavailableError(withCode(code)), code).toBe(true);
    // Drizzle wraps the driver's error; Node's connect to several addresses fails with an AggregateError.
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: withCode("ECONNREFUSED") });
    expect(isDatabaseUnavailableError(wrapped)).toBe(true);
    expect(isDatabaseUnavailableError(new AggregateError([withCode("ECONNREFUSED")]))).toBe(true);
    // PGlite closed, or its WebAssembly instance aborted.
    expect(isDatabaseUnavailableError(new Error("PGlite is closed"))).toBe(true);
    expect(isDatabaseUnavailableError(new WebAssembly.RuntimeError("unreachable"))).toBe(true);

    // Errors of the request's own making are not outages.
    for (const code of ["23505", "42601", "22P02", "57014"])
      expect(isDatabaseUnavailableError(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailableError(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailableError(new DOMException("aborted", "AbortError"))).toBe(false);
    expect(isDatabaseUnavailableError(undefined)).toBe(false);
  });

  it("counts the database down only when a ping fails too, and up again when one succeeds", async () => {
    const state = { answering: true, pings: 0 };
    const watch = watchWith(state);
    // A connect timeout while the database answers pings (a moment of overload): shed, but not down.
    expect(watch.report(withCode("CONNECT_TIMEOUT"))).toBe(true);
    await expect.poll(() => state.pings).toBe(1);
    expect(watch.isDown()).toBe(false);
    expect(watch.report(withCode("23505"))).toBe(false);
    expect(state.pings).toBe(1);

    state.answering = false;
    watch.report(withCode("ECONNREFUSED"));
    await expect.poll(() => watch.isDown()).toBe(true);
    // It keeps probing on its own, and one probe at a time whatever the requests report.
    const pings = state.pings;
    for (let i = 0; i < 10; i++) watch.report(withCode("ECONNREFUSED"));
    await expect.poll(() => state.pings).toBeGreaterThan(pings + 2);
    expect(watch.isDown()).toBe(true);
    state.answering = true;
    await expect.poll(() => watch.isDown()).toBe(false);
  });

  it("marks the request the database failed, and refuses requests at once while it is down", async () => {
    const state = { answering: false, pings: 0 };
    const watch = watchWith(state);
    setDatabaseWatch(watch);
    const scope = newRequestScope();
    runInRequestScope(scope, () => {
      expect(reportRequestError(new Error("boom"))).toBe(false);
      expect(scope.databaseUnavailable).toBe(false);
      expect(reportRequestError(withCode("ECONNREFUSED"))).toBe(true);
    });
    expect(scope.databaseUnavailable).toBe(true);
    await expect.poll(() => databaseIsDown()).toBe(true);

    const next = newRequestScope();
    let thrown: unknown;
    runInRequestScope(next, () => {
      try {
        refuseWhileDatabaseDown();
      } catch (error) {
        thrown = error;
      }
    });
    expect(next.databaseUnavailable).toBe(true);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    // Outside a request (a job) nothing is refused: it fails, or not, on its own.
    expect(() => refuseWhileDatabaseDown()).not.toThrow();
  });
});
