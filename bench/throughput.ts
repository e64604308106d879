// npm run bench:throughput: wrk against home, a city page, an event page and the quiz list on the
// production build (cached, and uncached with a cookie), and in the same run a bare Node http server
// replaying the very same response bytes (same status, headers and gzip body) under the same wrk settings.
// The ratio app/bare is the figure; the bare rate shows what the load generator reaches. The server logs
// at LOG_LEVEL=info, as in production. Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_URL
// (measure a running server), BENCH_EVENT_PATH, BENCH_PATHS (comma list).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { printLine, writeResult } from "./lib/report";
import { findEventPath, startTarget } from "./lib/target";
import { ensureWrk, runWrk } from "./lib/wrk";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "x-request-id"]);

/** The raw response as a browser asking for gzip gets it: status, headers and the still-compressed body. */
function record(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", accept: "text/html" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (!HOP_BY_HOP.has(k) && typeof v === "string") headers[k] = v;
          const body = Buffer.concat(chunks);
          headers["content-length"] = String(body.length);
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      })
      .on("error", reject);
  });
}

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

async function startBare(manifestFile: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [path.resolve("bench/lib/bare-server.mjs"), manifestFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (c) => resolve(JSON.parse(String(c)).port));
    child.once("exit", () => reject(new Error("bare server exited")));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

const target = await startTarget({ LOG_LEVEL: process.env.LOG_LEVEL ?? "info" });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-bench-"));
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  const paths = process.env.BENCH_PATHS?.split(",") ?? [
    "/",
    "/quiz/goteborg",
    await findEventPath(target.baseUrl),
    "/veckans-nutidsquiz",
  ];
  const pages = [];
  for (const [i, p] of paths.entries()) {
    const rec = await record(`${target.baseUrl}${p}`);
    const bodyFile = path.join(tmp, `page-${i}.bin`);
    fs.writeFileSync(bodyFile, rec.body);
    pages.push({ path: p, status: rec.status, headers: rec.headers, bodyFile, bytes: rec.body.length });
  }
  const manifest = path.join(tmp, "manifest.json");
  fs.writeFileSync(manifest, JSON.stringify({ pages }));
  bare = await startBare(manifest);

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
  bare?.child.kill("SIGTERM");
  await target.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
