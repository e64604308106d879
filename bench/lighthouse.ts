// npm run bench:lighthouse: Lighthouse (mobile preset: emulated phone, slow 4G, 4× CPU slowdown) with Debian
// Chromium (CHROME_PATH, default /usr/bin/chromium) on home, a city page, an event page, the quiz list and
// the player. Targets: performance ≥ 95, accessibility/best practices/SEO 100, home JS ≤ 120 KB gzip,
// LCP ≤ 2.0 s, CLS 0. Each page is measured BENCH_RUNS times (default 3), one line per run, then one line per
// page with the worst LCP and the lowest performance score over the runs. Settings: BENCH_URL,
// BENCH_EVENT_PATH, BENCH_PLAYER_PATH, BENCH_PATHS, BENCH_RUNS, BENCH_LHR_DIR (keeps each run's report).
// Lighthouse is not one of the project's dependencies (it is large and wants a newer Node than the site
// needs): the first run installs it into bench/.tools, and every run uses its command line.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { printLine, writeResult } from "./lib/report";
import { findEventPath, findPlayerPath, startTarget } from "./lib/target";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  homeJsKb: 120,
  lcpMs: 2000,
  cls: 0,
};

type NetworkItem = { resourceType?: string; transferSize?: number };
type Audit = {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: unknown;
};
type Lhr = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit>;
};

const LIGHTHOUSE_VERSION = "13.5.0";
const TOOLS_DIR = path.resolve("bench/.tools");

function ensureLighthouse(): string {
  const bin = path.join(TOOLS_DIR, "node_modules/lighthouse/cli/index.js");
  if (fs.existsSync(bin)) return bin;
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into bench/.tools for this benchmark`);
  fs.mkdirSync(TOOLS_DIR, { recursive: true });
  fs.writeFileSync(path.join(TOOLS_DIR, "package.json"), '{ "private": true }\n');
  execFileSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${LIGHTHOUSE_VERSION}`],
    { cwd: TOOLS_DIR, stdio: "inherit" },
  );
  return bin;
}

function lighthouse(bin: string, url: string): Promise<Lhr> {
  const args = [
    bin,
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code} for ${url}`));
      resolve(JSON.parse(out) as Lhr);
    });
  });
}

/**
 * One unmeasured visit of the page and of every image size it offers, as a site that has been up a while
 * has had: a card image's sizes are made (sharp) and stored by the first request for each, and a fresh
 * DATA_DIR would otherwise charge that one-time resize to the first run's largest paint. Each run still
 * starts with an empty browser cache.
 */
async function warmUp(url: string) {
  const html = await (await fetch(url)).text();
  const images = new Set(
    [...html.matchAll(/\/images\/[^"'\s,]+/g)].map((m) => m[0].replaceAll("&amp;", "&")),
  );
  await Promise.all([...images].map((image) => fetch(new URL(image, url)).then((r) => r.arrayBuffer())));
}

const bin = ensureLighthouse();
const target = await startTarget();
try {
  const paths =
    process.env.BENCH_PATHS?.split(",") ??
    ([
      "/",
      "/quiz/goteborg",
      await findEventPath(target.baseUrl).catch(() => undefined),
      "/veckans-nutidsquiz",
      await findPlayerPath(target.baseUrl),
    ].filter(Boolean) as string[]);
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const results = [];
  const summary = [];
  for (const p of paths) {
    await warmUp(`${target.baseUrl}${p}`);
    const perRun = [];
    for (let run = 1; run <= runs; run++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is taken again, once.
      const lhr = await lighthouse(bin, `${target.baseUrl}${p}`).catch((error: unknown) => {
        console.warn(`${String(error)}; running it again`);
        return lighthouse(bin, `${target.baseUrl}${p}`);
      });
      if (process.env.BENCH_LHR_DIR)
        fs.writeFileSync(
          path.join(process.env.BENCH_LHR_DIR, `${p.replace(/\W+/g, "_") || "home"}-${run}.json`),
          JSON.stringify(lhr),
        );
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] })?.items ??
        []) as NetworkItem[];
      const jsKb =
        Math.round(
          items.filter((i) => i.resourceType === "Script").reduce((s, i) => s + (i.transferSize ?? 0), 0) /
            102.4,
        ) / 10;
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      const figures = {
        run,
        performance: score("performance"),
        accessibility: score("accessibility"),
        best_practices: score("best-practices"),
        seo: score("seo"),
        lcp_ms: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        fcp_ms: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        // The document's observed server time, which the simulated LCP includes as it is: on a loaded
        // machine an uncached render moves LCP more than anything the page itself does.
        server_ms: Math.round(lhr.audits["server-response-time"]?.numericValue ?? 0),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        tbt_ms: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        js_kb_gzip: jsKb,
      };
      printLine(`lighthouse ${p}`, figures);
      perRun.push(figures);
      results.push({ path: p, ...figures, failingAudits: failing });
    }
    const worstLcp = Math.max(...perRun.map((r) => r.lcp_ms));
    const pageSummary = {
      runs,
      lcp_ms: perRun.map((r) => r.lcp_ms).join(","),
      worst_lcp_ms: worstLcp,
      lcp_ok: `${perRun.filter((r) => r.lcp_ms <= TARGETS.lcpMs).length}/${runs}`,
      performance: perRun.map((r) => r.performance).join(","),
    };
    printLine(`lighthouse-summary ${p}`, pageSummary);
    summary.push({ path: p, ...pageSummary });
  }
  writeResult("lighthouse", {
    lighthouse: LIGHTHOUSE_VERSION,
    chrome: CHROME_PATH,
    preset: "mobile (default)",
    targets: TARGETS,
    results,
    summary,
  });
} finally {
  await target.stop();
}
