// npm run bench:home-js: the JavaScript a fresh load of home fetches, gzip. Starts the production build (on a
// fresh, demo-seeded DATA_DIR unless DATA_DIR, DATABASE_URL or BENCH_URL is given), loads `/` in Chromium,
// waits for the network to go idle and sums every script fetched: entry, router, route chunks,
// modulepreloads and whatever loads right after hydration. Each body is gzipped here at level 9, so the
// figure does not depend on the server's encoding. Fails (exit 1) above BUDGET_KB.
// Settings: BENCH_URL, CHROME_PATH, BENCH_PATH (default "/"), BENCH_RUNS (default 1).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const PAGE_PATH = process.env.BENCH_PATH ?? "/";
const BUDGET_KB = 120;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const dataDir =
  process.env.DATA_DIR ??
  (process.env.DATABASE_URL || process.env.BENCH_URL
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-home-js-")));
const target = await startTarget(dataDir ? { DATA_DIR: dataDir } : {});
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
let total = 0;
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = response.url();
    if (scripts.has(url)) return;
    scripts.set(
      url,
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(`${target.baseUrl}${PAGE_PATH}`, { waitUntil: "networkidle" });
  await page.waitForSelector("html[data-hydrated]");
  // Whatever the page starts right after hydration (idle callbacks, the full listing) has its chance.
  await page.waitForTimeout(1500);
  await page.waitForLoadState("networkidle");

  const sizes = await Promise.all(
    [...scripts].map(async ([url, size]) => ({ script: new URL(url).pathname, bytes: await size })),
  );
  sizes.sort((a, b) => b.bytes - a.bytes);
  for (const { script, bytes } of sizes) console.log(`  ${String(kb(bytes)).padStart(6)} KB  ${script}`);
  total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const figures = {
    scripts: sizes.length,
    js_kb_gzip: kb(total),
    budget_kb: BUDGET_KB,
    ok: kb(total) <= BUDGET_KB ? "yes" : "no",
  };
  printLine(`home-js ${PAGE_PATH}`, figures);
  writeResult("home-js", {
    path: PAGE_PATH,
    ...figures,
    perScript: sizes.map((s) => ({ script: s.script, kb_gzip: kb(s.bytes) })),
  });
} finally {
  await browser.close();
  await target.stop();
  if (dataDir && !process.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
if (kb(total) > BUDGET_KB) process.exitCode = 1;
