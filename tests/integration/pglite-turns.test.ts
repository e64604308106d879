import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "~/lib/db.server";
import { newRequestScope, runInRequestScope } from "~/lib/request-scope.server";

// The embedded database as the server opens it (not the test template), with its statement lock's additions.
let handle: DbHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
});

afterAll(async () => {
  await handle.close();
});

describe("the embedded database's statement lock", () => {
  it("gives the event loop a turn between queued statements, so sockets are read and accepted meanwhile", async () => {
    const order: string[] = [];
    // `.then` runs each query now (drizzle's queries run when awaited), so all twelve are queued at once.
    const queries = Array.from({ length: 12 }, (_, i) =>
      handle.db.execute(sql`select ${i}::int as n`).then(() => order.push(`query ${i}`)),
    );
    // Scheduled after every query was queued: without turns it ran only once the whole queue had drained.
    setImmediate(() => order.push("turn"));
    await Promise.all(queries);
    expect(order.indexOf("turn")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("turn")).toBeLessThan(order.indexOf("query 11"));
    // The queue keeps its order.
    expect(order.filter((e) => e !== "turn")).toEqual(Array.from({ length: 12 }, (_, i) => `query ${i}`));
  });

  it("drops a queued statement whose request's client has gone, and runs the others", async () => {
    const gone = new AbortController();
    // Drizzle runs a query when it is awaited: each is awaited at once, in the scope it belongs to.
    const ahead = (async () => await handle.db.execute(sql`select pg_sleep(0.05)`))();
    const dropped = runInRequestScope(
      newRequestScope(gone.signal),
      async () => await handle.db.execute(sql`select 1 as n`),
    );
    const after = (async () => await handle.db.execute(sql`select 2 as n`))();
    gone.abort();
    await expect(dropped).rejects.toThrow();
    await ahead;
    await expect(after).resolves.toBeDefined();
  });
});
