// npm run bench:throughput: wrk against home, a city page, an event page and the quiz list on the
// production build (cached, and uncached with a cookie), and in the same run a bare Node http server
// replaying the very same response bytes (same status, headers and gzip body) under the same wrk settings.
// The ratio app/bare is the figure; the bare rate shows what the load generator reaches. The server logs
// at LOG_LEVEL=info, as in production. Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_URL
// (measure a running server), BENCH_EVENT_PATH, BENCH_PATHS (comma list).
import os from "node:os";
import { type BareServer, recordResponse, startBareServer } from "./lib/bare";
import { printLine, writeResult } from "./lib/report";
import { findEventPath, startTarget } from "./lib/target";
import { ensureWrk, runWrk } from "./lib/wrk";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Any cookie makes the server skip its page cache: that measures server rendering itself.
const UNCACHED = { cookie: "bench=uncached" };

const wrk = ensureWrk();

function load(url: string, extraHeaders: Record<string, string> = {}) {
  return runWrk(wrk, url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { "accept-encoding": "gzip", accept: "text/html", ...extraHeaders },
  });
}

const target = await startTarget({ LOG_LEVEL: process.env.LOG_LEVEL ?? "info" });
let bare: BareServer | undefined;
try {
  const paths = process.env.BENCH_PATHS?.split(",") ?? [
    "/",
    "/quiz/goteborg",
    await findEventPath(target.baseUrl),
    "/veckans-nutidsquiz",
  ];
  const pages = [];
  for (const p of paths) {
    const response = await recordResponse(`${target.baseUrl}${p}`);
    pages.push({ path: p, response, status: response.status, bytes: response.body.length });
  }
  bare = await startBareServer(pages);

  const results = [];
  printLine("throughput", {
    generator: "wrk",
    connections: CONNECTIONS,
    seconds: SECONDS,
    cpus: os.availableParallelism(),
  });
  for (const page of pages) {
    const app = await load(`${target.baseUrl}${page.path}`);
    const uncached = await load(`${target.baseUrl}${page.path}`, UNCACHED);
    const ceiling = await load(`${bare.baseUrl}${page.path}`);
    const ratio = Math.round((app.reqPerSec / Math.max(1, ceiling.reqPerSec)) * 1000) / 1000;
    const uncachedRatio = Math.round((uncached.reqPerSec / Math.max(1, ceiling.reqPerSec)) * 1000) / 1000;
    results.push({
      path: page.path,
      status: page.status,
      gzipBytes: page.bytes,
      app,
      uncached,
      bare: ceiling,
      ratio,
      uncachedRatio,
    });
    printLine(`throughput ${page.path}`, {
      status: page.status,
      gzip_bytes: page.bytes,
      app_req_s: app.reqPerSec,
      app_p99_ms: app.p99Ms,
      ssr_req_s: uncached.reqPerSec,
      ssr_p99_ms: uncached.p99Ms,
      bare_req_s: ceiling.reqPerSec,
      bare_p99_ms: ceiling.p99Ms,
      ratio,
      ssr_ratio: uncachedRatio,
      app_non2xx: app.non2xx,
      app_socket_errors: app.socketErrors,
    });
  }
  writeResult("throughput", {
    generator: "wrk",
    connections: CONNECTIONS,
    seconds: SECONDS,
    cpus: os.availableParallelism(),
    results,
  });
} finally {
  bare?.stop();
  await target.stop();
}
