// npm run bench:home-js: the JavaScript a fresh load of each public page fetches, gzip. Starts the production
// build (on a fresh, demo-seeded DATA_DIR unless DATA_DIR, DATABASE_URL or BENCH_URL is given), loads each page
// in a new Chromium context (empty cache) at phone width, waits for the network to go idle, then acts as a
// visitor first does (a pointer move, a touch of the page, a key) and sums every script fetched: entry,
// router, route chunks, modulepreloads, whatever loads right after hydration and whatever the first act
// brings. Each body is gzipped here at level 9, so the figure does not depend on the server's encoding.
// Fails (exit 1) when any page is above its budget (BUDGET_KB; a city map MAP_BUDGET_KB).
// Pages: home, a city page, its map, an event page, the quiz list and the player (BENCH_PATHS=/a,/b for others;
// BENCH_PATH=/a for one). Settings: BENCH_URL, CHROME_PATH, BENCH_EVENT_PATH, BENCH_PLAYER_PATH.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { printLine, writeResult } from "./lib/report";
import { findEventPath, findPlayerPath, startTarget } from "./lib/target";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const BUDGET_KB = 150;
/** A city's map also loads Leaflet and its stylesheet, after hydration and on that page alone (decision 063). */
const MAP_BUDGET_KB = 200;
const budgetOf = (pagePath: string) => (/\/karta(\?|$)/.test(pagePath) ? MAP_BUDGET_KB : BUDGET_KB);

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measure(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const scriptUrl = response.url();
      if (scripts.has(scriptUrl)) return;
      scripts.set(
        scriptUrl,
        response.body().then(
          (body) => gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForSelector("html[data-hydrated]");
    // Whatever the page starts right after hydration (idle callbacks, the full listing) has its chance.
    await page.waitForTimeout(1500);
    await page.waitForLoadState("networkidle");
    // The first act: whatever a page would load only then is counted too.
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 200);
    await page.keyboard.press("Shift");
    await page.waitForTimeout(500);
    await page.waitForLoadState("networkidle");
    const sizes = await Promise.all(
      [...scripts].map(async ([u, size]) => ({ script: new URL(u).pathname, bytes: await size })),
    );
    return sizes.sort((a, b) => b.bytes - a.bytes);
  } finally {
    await context.close();
  }
}

const dataDir =
  process.env.DATA_DIR ??
  (process.env.DATABASE_URL || process.env.BENCH_URL
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-home-js-")));
const target = await startTarget(dataDir ? { DATA_DIR: dataDir } : {});
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
let over = false;
try {
  const paths = process.env.BENCH_PATH
    ? [process.env.BENCH_PATH]
    : (process.env.BENCH_PATHS?.split(",") ??
      ([
        "/",
        "/quiz/goteborg",
        "/quiz/goteborg/karta",
        await findEventPath(target.baseUrl),
        "/veckans-nutidsquiz",
        await findPlayerPath(target.baseUrl),
      ].filter(Boolean) as string[]));
  const results = [];
  for (const p of paths) {
    const sizes = await measure(browser, `${target.baseUrl}${p}`);
    for (const { script, bytes } of sizes) console.log(`  ${String(kb(bytes)).padStart(6)} KB  ${script}`);
    const total = kb(sizes.reduce((sum, s) => sum + s.bytes, 0));
    const budget = budgetOf(p);
    const figures = {
      scripts: sizes.length,
      js_kb_gzip: total,
      budget_kb: budget,
      ok: total <= budget ? "yes" : "no",
    };
    if (total > budget) over = true;
    printLine(`home-js ${p}`, figures);
    results.push({
      path: p,
      ...figures,
      perScript: sizes.map((s) => ({ script: s.script, kb_gzip: kb(s.bytes) })),
    });
  }
  writeResult("home-js", { budget_kb: BUDGET_KB, results });
} finally {
  await browser.close();
  await target.stop();
  if (dataDir && !process.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
if (over) process.exitCode = 1;
