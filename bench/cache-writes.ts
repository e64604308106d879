// npm run bench:cache-writes: does the page cache survive what visitors send? wrk on cached home
// (BENCH_PATH, default /) for BENCH_SECONDS (5) at BENCH_CONNECTIONS (32) in three phases, taking turns
// BENCH_ROUNDS (3) times: with no writes, while skålor arrive five a second (each from a new visitor and
// address, so each is accepted), and while one client signs out six times a second without a session. Each
// figure is the median over the rounds; `ratio` is a phase's req/s over the quiet phase's. The server trusts the loopback proxy (TRUST_PROXY=loopback), so each skåla carries an
// address of its own and the per-address limits do not refuse them. BENCH_URL measures a running server
// (started with TRUST_PROXY=loopback).
import { randomBytes } from "node:crypto";
import os from "node:os";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";
import { ensureWrk, runWrk } from "./lib/wrk";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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
  printLine("cache-writes", { page: PAGE, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS });
  const phases = [
    { name: "quiet", perSecond: 0, send: undefined },
    { name: "skala", perSecond: 5, send: skala },
    { name: "sign-out", perSecond: 6, send: signOut },
  ] as const;
  // The phases take turns, ROUNDS times: on a shared machine the load from elsewhere changes by the minute,
  // and each phase meets it alike. Each figure is the median over the rounds.
  const runs = new Map<string, { reqPerSec: number; p50Ms: number; p99Ms: number }[]>();
  const statuses = new Map<string, Record<string, number>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const phase of phases) {
      const stop = phase.send
        ? stream(phase.perSecond, phase.send)
        : async (): Promise<Record<string, number>> => ({});
      const result = await home();
      const answered = await stop();
      runs.set(phase.name, [...(runs.get(phase.name) ?? []), result]);
      const total = statuses.get(phase.name) ?? {};
      for (const [status, count] of Object.entries(answered)) total[status] = (total[status] ?? 0) + count;
      statuses.set(phase.name, total);
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const figures: Record<string, unknown> = {};
  const quiet = median((runs.get("quiet") ?? []).map((r) => r.reqPerSec));
  for (const phase of phases) {
    const list = runs.get(phase.name) ?? [];
    const reqPerSec = median(list.map((r) => r.reqPerSec));
    const ratio = Math.round((reqPerSec / Math.max(1, quiet)) * 1000) / 1000;
    const line = {
      per_s: phase.perSecond,
      req_s: reqPerSec,
      p50_ms: median(list.map((r) => r.p50Ms)),
      p99_ms: median(list.map((r) => r.p99Ms)),
      ratio,
      each_req_s: list.map((r) => r.reqPerSec).join(","),
      writes: Object.entries(statuses.get(phase.name) ?? {})
        .map(([status, count]) => `${status}:${count}`)
        .join(","),
    };
    printLine(`cache-writes ${phase.name}`, line);
    figures[phase.name] = { ...line, runs: list };
  }
  writeResult("cache-writes", {
    page: PAGE,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    cpus: os.availableParallelism(),
    phases: figures,
  });
} finally {
  await target.stop();
}
