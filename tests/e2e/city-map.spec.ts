import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";
import { signInFirstAdmin } from "../support/first-admin";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * The city map (`/quiz/{city}/karta`) on a 390 px phone at 18:00 on Tuesday 1 December 2026 (the server's "now"
 * through TEST_CLOCK's cookie, the browser's through Playwright's clock), on a server of its own whose tiles come
 * from a local tile server (MAP_TILES_URL), so nothing leaves the machine. The demo's venues have positions.
 */
const browser = setupBrowser();
const TUESDAY_18 = "2026-12-01T17:00:00.000Z";
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

let tiles: http.Server | undefined;
let tileOrigin = "";
const tileRequests: string[] = [];
let server: SpawnedServer | undefined;
let dataDir = "";
let base = "";
let adminCookie = "";

beforeAll(async () => {
  tiles = http.createServer((req, res) => {
    tileRequests.push(req.url ?? "");
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "")) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "image/png", "content-length": ONE_PIXEL_PNG.length });
    res.end(ONE_PIXEL_PNG);
  });
  await new Promise<void>((resolve) => tiles?.listen(0, "127.0.0.1", resolve));
  tileOrigin = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  dataDir = tempDataDir("city-map");
  server = await spawnServer({
    DATA_DIR: dataDir,
    TEST_CLOCK: "1",
    MAP_TILES_URL: `${tileOrigin}/{z}/{x}/{y}.png`,
  });
  base = server.baseUrl;
  adminCookie = await signInFirstAdmin(base, server.output());
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  await new Promise((resolve) => tiles?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function phone(javaScriptEnabled = true): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled });
  await page.context().addCookies([{ name: "quizkvall_now", value: TUESDAY_18, url: base }]);
  if (javaScriptEnabled) await page.clock.setFixedTime(new Date(TUESDAY_18));
  return page;
}

/** Every script a page fetches (and whether a stylesheet of Leaflet's came along), with their gzip sizes. */
function recordScripts(page: Page) {
  const scripts = new Map<string, Promise<{ gzip: number; leaflet: boolean }>>();
  const styles: string[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "stylesheet") styles.push(response.url());
    if (type !== "script" || scripts.has(response.url())) return;
    scripts.set(
      response.url(),
      response.body().then((body) => ({
        gzip: gzipSync(body, { level: 9 }).length,
        leaflet: body.includes("leaflet-container"),
      })),
    );
  });
  return async () => {
    const all = await Promise.all([...scripts].map(async ([url, s]) => ({ url, ...(await s) })));
    return {
      kb: Math.round(all.reduce((sum, s) => sum + s.gzip, 0) / 102.4) / 10,
      leaflet: all.filter((s) => s.leaflet || /leaflet/i.test(s.url)).map((s) => s.url),
      leafletStyles: styles.filter((url) => /leaflet/i.test(url)),
    };
  };
}

const list = (page: Page) => page.getByRole("region", { name: "Samma quiz som lista" }).locator("li");
const markers = (page: Page) => page.locator(".leaflet-marker-pane [role=button]");

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
}

describe("the city map", () => {
  it("shows the city's nights as markers and as a list, tonight's marked apart, a marker opening its event", async () => {
    const page = await phone();
    const scripts = recordScripts(page);
    const response = await page.goto(`${base}/quiz/goteborg/karta`);
    expect(response?.headers()["content-security-policy"]).toContain(
      `img-src 'self' data: blob: ${tileOrigin};`,
    );
    expect(await page.title()).toBe("Quizkarta – Göteborg – Quizkväll");
    await page.getByRole("heading", { level: 1, name: "Quiz på karta i Göteborg" }).waitFor();
    const rows = await list(page).count();
    expect(rows).toBeGreaterThanOrEqual(10);
    await expect.poll(() => markers(page).count()).toBe(rows);
    await expect.poll(() => page.locator("img.leaflet-tile-loaded").count()).toBeGreaterThan(0);
    expect(tileRequests.some((url) => /^\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(await page.getByRole("link", { name: "OpenStreetMap" }).isVisible()).toBe(true);
    expect(await page.getByText("Kartan behöver JavaScript.").isVisible()).toBe(false);

    // Tonight's nights: their list rows and markers say "Ikväll 19:00" and stand out.
    const tonight = list(page).and(page.locator("[data-tone=tonight]"));
    expect(await tonight.count()).toBeGreaterThanOrEqual(3);
    for (const label of await tonight.locator("span").allTextContents())
      expect(label).toMatch(/^(Ikväll|Pågår sedan) \d\d:\d\d$/);
    const tonightMarkers = markers(page).and(page.locator(".bg-brand-700"));
    expect(await tonightMarkers.count()).toBe(await tonight.count());
    expect(await tonightMarkers.first().getAttribute("title")).toMatch(/, (Ikväll|Pågår sedan) \d\d:\d\d$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAxeClean(page);
    const measured = await scripts();
    expect(measured.leaflet.length).toBeGreaterThan(0);
    console.log(`map page scripts: ${measured.kb} KB gzip`);

    const title = (await tonightMarkers.first().getAttribute("title"))?.split(", ")[0] ?? "";
    await tonightMarkers.first().click();
    const link = page.locator(".leaflet-popup").getByRole("link", { name: title });
    await link.click();
    await page.waitForURL(/\/quiz\/goteborg\/(?!karta)[a-z0-9-]+$/);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
  });

  it("takes the list's filter (?dag=ikvall) and shows the visitor's position", async () => {
    const page = await phone();
    await page.goto(`${base}/quiz/goteborg/karta?dag=ikvall&nara=57.707,11.968`);
    expect(await page.getByRole("link", { name: "Ikväll", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    const labels = await list(page).locator("span").allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(3);
    for (const label of labels) expect(label).toMatch(/^(Ikväll|Pågår sedan) \d\d:\d\d$|^Inställt ikväll$/);
    await expect.poll(() => markers(page).count()).toBe(labels.length);
    expect(await page.locator(".leaflet-marker-pane .bg-blue-600").count()).toBe(1);
    expect(await page.getByText("Din position").isVisible()).toBe(true);
    // Changing the day keeps the position.
    await page.getByRole("link", { name: "Alla dagar", exact: true }).click();
    await page.waitForURL(/\/karta\?nara=57\.707,11\.968$/);
    await expect.poll(() => list(page).count()).toBeGreaterThan(labels.length);
  });

  it("greys a night cancelled tonight", async () => {
    const page = await phone();
    await page.goto(`${base}/quiz/goteborg/karta?dag=ikvall`);
    const first = list(page).first();
    const slug = (await first.getByRole("link").getAttribute("href"))?.split("/").pop() ?? "";
    const listing = (await (await fetch(`${base}/api/events/listing?stad=goteborg`)).json()) as {
      cards: string[][];
    };
    // The listing packs an id as its 32 hex digits.
    const packed = listing.cards.find((c) => c[1] === slug)?.[0] ?? "";
    const id = packed.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const cancel = await fetch(`${base}/api/admin/events/${id}/exceptions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: adminCookie },
      body: JSON.stringify({ kind: "cancelled", date: "2026-12-01" }),
    });
    expect(cancel.status).toBe(200);
    await page.reload();
    const row = list(page).filter({ has: page.locator(`a[href$="/${slug}"]`) });
    expect(await row.getAttribute("data-tone")).toBe("cancelled");
    expect(await row.locator("span").textContent()).toBe("Inställt ikväll");
    const marker = markers(page).and(page.locator(`[title$=", Inställt ikväll"]`));
    await expect.poll(() => marker.count()).toBeGreaterThanOrEqual(1);
    expect(await marker.first().getAttribute("class")).toContain("opacity-70");
    await expectAxeClean(page);
  });

  it("without JavaScript: the same nights as a list, and a notice where the map would be", async () => {
    const page = await phone(false);
    await page.goto(`${base}/quiz/goteborg/karta`);
    expect(await page.getByText("Kartan behöver JavaScript. Här är samma quiz som lista.").isVisible()).toBe(
      true,
    );
    expect(await list(page).count()).toBeGreaterThanOrEqual(10);
    expect(await page.locator(".leaflet-container").count()).toBe(0);
    expect(await page.getByRole("region", { name: "Karta över quizen i Göteborg" }).isVisible()).toBe(false);
  });

  it("is linked from the city page, and neither home nor the city page loads Leaflet", async () => {
    for (const path of ["/", "/quiz/goteborg"]) {
      const page = await phone();
      const scripts = recordScripts(page);
      await page.goto(`${base}${path}`);
      await page.waitForLoadState("networkidle");
      await page.mouse.move(200, 400);
      await page.mouse.wheel(0, 300);
      await page.waitForLoadState("networkidle");
      const measured = await scripts();
      expect(measured.leaflet, path).toEqual([]);
      expect(measured.leafletStyles, path).toEqual([]);
      console.log(`${path} scripts: ${measured.kb} KB gzip`);
      if (path !== "/quiz/goteborg") continue;
      await page.getByRole("link", { name: "Visa på karta" }).click();
      await page.waitForURL(`${base}/quiz/goteborg/karta`);
      await expect.poll(() => markers(page).count()).toBeGreaterThanOrEqual(10);
    }
  });

  it("answers an unknown city with 'Stad inte hittad', and lists the maps in the sitemap", async () => {
    const missing = await fetch(`${base}/quiz/paris/karta`);
    expect(missing.status).toBe(404);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    for (const city of ["goteborg", "stockholm", "malmo"])
      expect(sitemap).toContain(`/quiz/${city}/karta</loc>`);
  });
});
