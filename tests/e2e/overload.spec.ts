import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOverload } from "../../bench/lib/overload";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * 200 concurrent connections for ~10 s against a server of its own (the 30 s version is
 * `npm run bench:overload`): it stays up, answers each request or sheds it by design with 429/503, never
 * drops a connection, and serves the next page at once when the storm ends.
 */
const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 10);

let server: SpawnedServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDataDir("overload");
  server = await spawnServer({ DATA_DIR: dataDir });
  // A running server is warm: render each page once so the storm does not measure the first compilation.
  for (const path of ["/", "/quiz/goteborg", "/veckans-nutidsquiz", "/finns-inte"]) {
    await (await fetch(`${server.baseUrl}${path}`)).arrayBuffer();
  }
}, 180_000);
afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("overload", () => {
  it(`stays up under 200 connections for ${SECONDS} s and recovers at once`, async () => {
    const result = await runOverload(server.baseUrl, { connections: 200, seconds: SECONDS });
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.unexpectedStatuses).toEqual({});
    expect(result.statuses["200"]).toBeGreaterThan(0);
    // Recovery: pages are served normally again once the renders still running for departed clients
    // finish. Alone this takes well under a second; the bound is loose because npm test runs another e2e
    // file beside this one on the same two cores. bench:overload reports the real figure.
    expect(result.recoveryStatus).toBe(200);
    expect(result.recoveryMs).toBeLessThan(10_000);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    console.log(
      `overload connections=200 seconds=${SECONDS} requests=${result.requests} req_per_s=${result.reqPerSec} p99_ms=${result.p99Ms} shed=${result.shed} recovery_ms=${result.recoveryMs}`,
    );
  }, 120_000);
});
