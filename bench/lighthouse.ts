// npm run bench:lighthouse: Lighthouse (mobile preset: emulated phone, slow 4G, 4× CPU slowdown) with Debian
// Chromium (CHROME_PATH, default /usr/bin/chromium) on home, a city page, an event page, the quiz list and
// the player. Targets: performance ≥ 95, accessibility/best practices/SEO 100, home JS ≤ 120 KB gzip,
// LCP ≤ 2.0 s, CLS 0. Settings: BENCH_URL, BENCH_EVENT_PATH, BENCH_PLAYER_PATH, BENCH_PATHS.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { printLine, writeResult } from "./lib/report";
import { findEventPath, startTarget } from "./lib/target";

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

async function findPlayerPath(baseUrl: string) {
  if (process.env.BENCH_PLAYER_PATH) return process.env.BENCH_PLAYER_PATH;
  const html = await (await fetch(`${baseUrl}/veckans-nutidsquiz`)).text();
  return /href="(\/veckans-nutidsquiz\/[^"?#]+)"/.exec(html)?.[1];
}

type NetworkItem = { resourceType?: string; transferSize?: number };

const target = await startTarget();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
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
  const results = [];
  for (const p of paths) {
    const run = await lighthouse(`${target.baseUrl}${p}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${p}`);
    const { lhr } = run;
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
      performance: score("performance"),
      accessibility: score("accessibility"),
      best_practices: score("best-practices"),
      seo: score("seo"),
      lcp_ms: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      tbt_ms: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      js_kb_gzip: jsKb,
    };
    printLine(`lighthouse ${p}`, figures);
    results.push({ path: p, ...figures, failingAudits: failing });
  }
  writeResult("lighthouse", { chrome: CHROME_PATH, preset: "mobile (default)", targets: TARGETS, results });
} finally {
  chrome.kill();
  await target.stop();
}
