// npm run bench:evening: a real city's busy evening on the production build, on the `bench:data` dataset.
// 1. Size and uncached time of home, a city page, a weekday page, an event page, the listing JSON and a city
//    feed: raw and gzip bytes, and the median of BENCH_RUNS sequential requests after two warm-ups. Pages
//    carry a cookie, so the page cache steps aside; the JSON and the feed are not page-cached, and `first_ms`
//    is their first request (before any copy the server keeps of them).
// 2. Cached home under wrk, alone and while five skålor a second arrive (distinct visitors from distinct
//    addresses: the server runs with TRUST_PROXY=1 and each skåla names its address in X-Forwarded-For),
//    and the ratio of the two (target ≥ 0.8).
// 3. In the same run, a bare Node server replaying home's bytes under the same wrk settings: what wrk
//    reaches on this machine, so the cached figure measures the server and not the generator.
// Settings: BENCH_RUNS (20), BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_SKALOR_PER_S (5),
// BENCH_CITY (goteborg), BENCH_WEEKDAY (mandag), BENCH_EVENT_PATH, BENCH_URL (a running server, started
// with TRUST_PROXY=1), DATABASE_URL / DATA_DIR.
import os from "node:os";
import { type BareServer, recordResponse, startBareServer } from "./lib/bare";
import { type FetchedPage, fetchPage } from "./lib/fetch-page";
import { printLine, writeResult } from "./lib/report";
import { median } from "./lib/stats";
import { findEventPath, startTarget } from "./lib/target";
import { ensureWrk, runWrk, type WrkResult } from "./lib/wrk";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SKALOR_PER_SECOND = Number(process.env.BENCH_SKALOR_PER_S ?? 5);
const CITY = process.env.BENCH_CITY ?? "goteborg";
const WEEKDAY = process.env.BENCH_WEEKDAY ?? "mandag";
/** Every public page's HTML stays under this many raw bytes with 2,000 events. */
const HTML_BUDGET = 200_000;
/** Cached home with the skåla stream, as a share of cached home without it. */
const RATIO_TARGET = 0.8;
const UNCACHED = { cookie: "bench=uncached", accept: "text/html" };

const round = (n: number) => Math.round(n * 10) / 10;
const wrk = ensureWrk();

async function measure(url: string, headers: Record<string, string>) {
  const first = await fetchPage(url, headers);
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  for (let i = 1; i < WARMUP; i++) await fetchPage(url, headers);
  const times: number[] = [];
  let last: FetchedPage = first;
  for (let i = 0; i < RUNS; i++) {
    last = await fetchPage(url, headers);
    times.push(last.ms);
  }
  return { first, last, medianMs: round(median(times)), minMs: round(Math.min(...times)) };
}

/** The listing JSON's address as home links it (version and minute), or the bare path on older builds. */
function listingPathOf(homeHtml: string): string {
  const m = /(\/api\/events\/listing\?[^"'\s<>]+)/.exec(homeHtml);
  return m?.[1] ? m[1].replace(/&amp;/g, "&") : "/api/events/listing";
}

/** Event ids to skåla for, from the listing (the first field of a packed card, or an event's id). */
async function eventIds(baseUrl: string, listingPath: string): Promise<string[]> {
  const body = (await (await fetch(`${baseUrl}${listingPath}`)).json()) as {
    cards?: unknown[];
    events?: { id: string }[];
  };
  // A packed card's first field is the id, with or without its dashes (newer builds leave them out).
  const ids = (body.cards ?? body.events ?? []).map((c) =>
    (Array.isArray(c) ? String(c[0]) : String((c as { id: string }).id)).replace(
      /^(\w{8})(\w{4})(\w{4})(\w{4})(\w{12})$/,
      "$1-$2-$3-$4-$5",
    ),
  );
  if (!ids.length) throw new Error("No events in the listing: run `npm run bench:data` first");
  return ids;
}

/**
 * Five skålor a second (BENCH_SKALOR_PER_S) until stopped, each by a new visitor from a new address on the
 * next event, as a busy evening's visitors would. Counts the answers by status.
 */
function skalaStream(baseUrl: string, ids: string[]) {
  const statuses: Record<string, number> = {};
  const run = Date.now().toString(36);
  let n = 0;
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const i = n++;
    const p = fetch(`${baseUrl}/api/events/${ids[i % ids.length]}/beer`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseUrl,
        "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({ visitorId: `bench-evening-${run}-${i}` }),
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as { status?: string };
        const key = `${res.status}${body.status ? `:${body.status}` : ""}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      })
      .catch(() => {
        statuses.error = (statuses.error ?? 0) + 1;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const timer = setInterval(send, 1000 / SKALOR_PER_SECOND);
  return {
    statuses,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return n;
    },
  };
}

function homeLoad(url: string): Promise<WrkResult> {
  return runWrk(wrk, url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { "accept-encoding": "gzip", accept: "text/html" },
  });
}

const target = await startTarget({ TRUST_PROXY: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" });
let bare: BareServer | undefined;
try {
  const base = target.baseUrl;
  const home = await measure(`${base}/`, UNCACHED);
  const listingPath = listingPathOf(home.last.text);
  const eventPath = await findEventPath(base);
  const targets: [string, string, Record<string, string>][] = [
    ["home", "/", UNCACHED],
    ["city", `/quiz/${CITY}`, UNCACHED],
    ["weekday", `/quiz/${CITY}/${WEEKDAY}`, UNCACHED],
    ["event", eventPath, UNCACHED],
    ["listing", listingPath, { accept: "application/json" }],
    ["feed", `/quiz/${CITY}.ics`, { accept: "text/calendar" }],
  ];
  const sizes = [];
  for (const [name, path, headers] of targets) {
    const m = name === "home" ? home : await measure(`${base}${path}`, headers);
    const isHtml = String(m.last.headers["content-type"]).startsWith("text/html");
    const figures = {
      path,
      raw_bytes: m.last.rawBytes,
      gzip_bytes: m.last.gzipBytes,
      median_ms: m.medianMs,
      min_ms: m.minMs,
      first_ms: round(m.first.ms),
      ...(isHtml ? { html_budget: HTML_BUDGET, html_ok: m.last.rawBytes <= HTML_BUDGET ? "yes" : "no" } : {}),
    };
    sizes.push({ name, ...figures });
    printLine(`evening size ${name}`, figures);
  }
  const event = sizes.find((s) => s.name === "event");
  const slowest = sizes.filter((s) => s.html_budget).reduce((a, b) => (b.median_ms > a.median_ms ? b : a));
  printLine("evening render", {
    slowest_page: slowest.name,
    slowest_ms: slowest.median_ms,
    event_ms: event?.median_ms ?? 0,
    vs_event: event ? Math.round((slowest.median_ms / event.median_ms) * 100) / 100 : 0,
  });

  // Cached home: alone, with the skåla stream, and the bare server replaying the same bytes.
  const ids = await eventIds(base, listingPath);
  const quiet = await homeLoad(`${base}/`);
  const stream = skalaStream(base, ids);
  const busy = await homeLoad(`${base}/`);
  const sent = await stream.stop();
  bare = await startBareServer([{ path: "/", response: await recordResponse(`${base}/`) }]);
  const ceiling = await homeLoad(`${bare.baseUrl}/`);
  const ratio = Math.round((busy.reqPerSec / Math.max(1, quiet.reqPerSec)) * 1000) / 1000;
  const throughput = {
    connections: CONNECTIONS,
    seconds: SECONDS,
    cpus: os.availableParallelism(),
    quiet_req_s: quiet.reqPerSec,
    quiet_p50_ms: quiet.p50Ms,
    quiet_p99_ms: quiet.p99Ms,
    skalor_req_s: busy.reqPerSec,
    skalor_p50_ms: busy.p50Ms,
    skalor_p99_ms: busy.p99Ms,
    skalor_sent: sent,
    skalor_answers: Object.entries(stream.statuses)
      .map(([k, v]) => `${k}*${v}`)
      .join(","),
    bare_req_s: ceiling.reqPerSec,
    quiet_vs_bare: Math.round((quiet.reqPerSec / Math.max(1, ceiling.reqPerSec)) * 1000) / 1000,
    ratio,
    ratio_target: RATIO_TARGET,
    ok: ratio >= RATIO_TARGET ? "yes" : "no",
  };
  printLine("evening cached-home", throughput);
  writeResult("evening", { eventPath, sizes, throughput });
} finally {
  bare?.stop();
  await target.stop();
}
