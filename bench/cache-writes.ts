// npm run bench:cache-writes: does the page cache survive what visitors send? wrk on cached home
// (BENCH_PATH, default /) for BENCH_SECONDS (10) at BENCH_CONNECTIONS (32), three times in one run: with no
// writes, while skålor arrive five a second (each from a new visitor and address, so each is accepted), and
// while one client signs out six times a second without a session. `ratio` is a phase's req/s over the
// quiet phase's. The server trusts the loopback proxy (TRUST_PROXY=loopback), so each skåla carries an
// address of its own and the per-address limits do not refuse them. BENCH_URL measures a running server
// (started with TRUST_PROXY=loopback).
import { randomBytes } from "node:crypto";
import os from "node:os";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";
import { ensureWrk, runWrk } from "./lib/wrk";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PAGE = process.env.BENCH_PATH ?? "/";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const wrk = ensureWrk();
const target = await startTarget({ TRUST_PROXY: "loopback", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" });

/** A stream of one kind of request at `perSecond`, counting the answers by status. */
function stream(perSecond: number, send: (n: number) => Promise<Response>) {
  const statuses: Record<string, number> = {};
  const pending = new Set<Promise<void>>();
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    const one = send(n)
      .then(async (res) => {
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      })
      .catch(() => {
        statuses.error = (statuses.error ?? 0) + 1;
      })
      .finally(() => pending.delete(one));
    pending.add(one);
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return statuses;
  };
}

function randomAddress() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

try {
  const listing = await (await fetch(`${target.baseUrl}/api/events/listing`)).text();
  const eventIds = [...new Set(listing.match(UUID) ?? [])];
  if (!eventIds.length) throw new Error("No event ids in /api/events/listing: is the database seeded?");
  const skala = (n: number) =>
    fetch(`${target.baseUrl}/api/events/${eventIds[n % eventIds.length]}/beer`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomAddress() },
      body: JSON.stringify({ visitorId: `bench${randomBytes(8).toString("hex")}` }),
    });
  const signOut = () =>
    fetch(`${target.baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: target.baseUrl },
      body: "{}",
    });
  const home = () =>
    runWrk(wrk, `${target.baseUrl}${PAGE}`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { "accept-encoding": "gzip", accept: "text/html" },
    });

  // Warm the page into the cache.
  await (await fetch(`${target.baseUrl}${PAGE}`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
  printLine("cache-writes", { page: PAGE, connections: CONNECTIONS, seconds: SECONDS });
  const phases: Record<string, unknown> = {};
  const quiet = await home();
  printLine("cache-writes quiet", { req_s: quiet.reqPerSec, p50_ms: quiet.p50Ms, p99_ms: quiet.p99Ms });
  phases.quiet = quiet;
  for (const [name, perSecond, send] of [
    ["skala", 5, skala],
    ["sign-out", 6, signOut],
  ] as const) {
    const stop = stream(perSecond, send);
    const result = await home();
    const statuses = await stop();
    const ratio = Math.round((result.reqPerSec / Math.max(1, quiet.reqPerSec)) * 1000) / 1000;
    printLine(`cache-writes ${name}`, {
      per_s: perSecond,
      req_s: result.reqPerSec,
      p50_ms: result.p50Ms,
      p99_ms: result.p99Ms,
      ratio,
      writes: Object.entries(statuses)
        .map(([status, count]) => `${status}:${count}`)
        .join(","),
    });
    phases[name] = { perSecond, ...result, ratio, statuses };
  }
  writeResult("cache-writes", {
    page: PAGE,
    connections: CONNECTIONS,
    seconds: SECONDS,
    cpus: os.availableParallelism(),
    phases,
  });
} finally {
  await target.stop();
}
