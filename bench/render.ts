// npm run bench:render: uncached server renders of home and of an event page, measured in the same run on
// the production build. Every request carries a cookie, so the page cache steps aside and each one is a
// full render. Requests are sequential (one at a time), so the figure is render time, not queueing.
// Settings: BENCH_RUNS (40 per page, after 5 warm-up requests), BENCH_URL, BENCH_EVENT_PATH, DATA_DIR
// (default: a fresh directory, which the server seeds with the demo content), DATABASE_URL.
import fs from "node:fs";
import { tempDataDir } from "../tests/support/spawn-server";
import { fetchPage } from "./lib/fetch-page";
import { printLine, writeResult } from "./lib/report";
import { median } from "./lib/stats";
import { findEventPath, startTarget } from "./lib/target";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const UNCACHED = { cookie: "bench=uncached" };
/** Home's HTML budget (raw bytes) with the demo data and with the 2,000 events of `bench:data`. */
const HOME_HTML_BUDGET = { demo: 150_000, large: 400_000 };
/** An uncached home render may take at most this many times an uncached event page. */
const RATIO_TARGET = 2.5;

const round = (n: number) => Math.round(n * 10) / 10;

/** One uncached request; a non-200 ends the benchmark. */
async function fetchUncached(url: string) {
  const page = await fetchPage(url, UNCACHED);
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  return { ...page, html: page.text };
}

async function measure(url: string) {
  for (let i = 0; i < WARMUP; i++) await fetchUncached(url);
  const times: number[] = [];
  let last = await fetchUncached(url);
  for (let i = 0; i < RUNS; i++) {
    last = await fetchUncached(url);
    times.push(last.ms);
  }
  return { medianMs: round(median(times)), minMs: round(Math.min(...times)), last };
}

const ownDataDir =
  process.env.BENCH_URL || process.env.DATABASE_URL || process.env.DATA_DIR ? null : tempDataDir("render");
const target = await startTarget(ownDataDir ? { DATA_DIR: ownDataDir } : {});
try {
  const eventPath = await findEventPath(target.baseUrl);
  const home = await measure(`${target.baseUrl}/`);
  const event = await measure(`${target.baseUrl}${eventPath}`);
  const events = Number(home.last.html.match(/>(\d+) quiz</)?.[1] ?? 0);
  const budget = events > 500 ? HOME_HTML_BUDGET.large : HOME_HTML_BUDGET.demo;
  const ratio = Math.round((home.medianMs / event.medianMs) * 100) / 100;
  const figures = {
    events,
    runs: RUNS,
    home_html_bytes: home.last.rawBytes,
    home_gzip_bytes: home.last.gzipBytes,
    html_budget: budget,
    html_ok: home.last.rawBytes <= budget ? "yes" : "no",
    home_median_ms: home.medianMs,
    home_min_ms: home.minMs,
    event_median_ms: event.medianMs,
    event_min_ms: event.minMs,
    event_html_bytes: event.last.rawBytes,
    ratio,
    ratio_target: RATIO_TARGET,
    ok: ratio <= RATIO_TARGET ? "yes" : "no",
  };
  printLine(`render / vs ${eventPath}`, figures);
  writeResult("render", { eventPath, ...figures });
} finally {
  await target.stop();
  if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
}
