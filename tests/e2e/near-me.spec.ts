import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";

/**
 * "Nära mig" at 18:00 on Tuesday 1 December 2026 on a phone in central Göteborg: the browser's position is
 * Playwright's (the context's `geolocation`, with or without the permission), its clock and the server's
 * "now" (the quizkvall_now cookie, honoured with TEST_CLOCK) the same instant. The demo's venues have fixed
 * points in their cities.
 */
const browser = setupBrowser();
const TUESDAY_18 = "2026-12-01T17:00:00.000Z";
const BRUNNSPARKEN = { latitude: 57.70712, longitude: 11.96843 };

async function phoneAt(options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage({ viewport: PHONE, ...options });
  await page.context().addCookies([{ name: "quizkvall_now", value: TUESDAY_18, url: inject("baseUrl") }]);
  if (options.javaScriptEnabled !== false) await page.clock.setFixedTime(new Date(TUESDAY_18));
  return page;
}

/** "1,2 km" / "350 m" → metres. */
function metres(text: string): number {
  const km = /^(\d+(?:,\d)?) km$/.exec(text);
  if (km) return Number(km[1]!.replace(",", ".")) * 1000;
  const m = /^(\d+) m$/.exec(text);
  if (m) return Number(m[1]);
  throw new Error(`not a distance: ${text}`);
}

async function nearRows(page: Page) {
  const rows = page.locator("[data-near-row]");
  const times = await rows.locator("[data-near-time]").allTextContents();
  // The distance's screen-reader tail (" bort") is left out.
  const distances = await rows
    .locator("[data-near-distance]")
    .evaluateAll((els) => els.map((el) => el.firstChild?.textContent ?? ""));
  return { times, distances };
}

describe("Nära mig", () => {
  it("on a city page: one press shows tonight's quizzes with their distances in time order, then nearest first", async () => {
    const page = await phoneAt({ geolocation: BRUNNSPARKEN, permissions: ["geolocation"] });
    await page.goto("/quiz/goteborg");
    expect(await page.locator("[data-near-row]").count()).toBe(0);
    await page.getByRole("button", { name: "Nära mig" }).click();
    // Rounded to three decimals in the browser, before it goes anywhere.
    await page.waitForURL(/\/quiz\/goteborg\?nara=57\.707,11\.968$/);
    await expect.poll(() => page.getByRole("heading", { name: "Ikväll nära dig" }).count()).toBe(1);
    const { times, distances } = await nearRows(page);
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect([...times].sort()).toEqual(times);
    for (const d of distances) expect(d).toMatch(/^\d+(,\d)? km$|^\d+ m$/);
    // Central Göteborg: every demo venue is within a few kilometres.
    for (const d of distances) expect(metres(d)).toBeLessThan(5_000);
    expect(await page.getByText(/quiz ikväll i Göteborg, i tidsordning/).count()).toBe(1);
    // The week's listing is still there below.
    expect(await page.getByRole("heading", { level: 2, name: "Tisdagar" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("link", { name: "Närmast först" }).click();
    await page.waitForURL(/ordning=narmast/);
    await expect.poll(() => page.getByText(/närmast först\./).count()).toBe(1);
    const nearest = await nearRows(page);
    const byDistance = nearest.distances.map(metres);
    expect([...byDistance].sort((a, b) => a - b)).toEqual(byDistance);
    expect(new Set(nearest.times)).toEqual(new Set(times));

    // The answer with a position is kept by no cache.
    const answer = await fetch(`${inject("baseUrl")}/quiz/goteborg?nara=57.707,11.968`, {
      headers: { cookie: `quizkvall_now=${TUESDAY_18}` },
    });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-cache")).toBeNull();
  });

  it("on home: keeps the chosen city, and the filter keeps the position", async () => {
    const page = await phoneAt({ geolocation: BRUNNSPARKEN, permissions: ["geolocation"] });
    await page.goto("/?cities=goteborg&view=list");
    await page.getByRole("button", { name: "Nära mig" }).click();
    await page.waitForURL(/\?cities=goteborg&view=list&nara=57\.707,11\.968$/);
    await expect.poll(() => page.locator("[data-near-row]").count()).toBeGreaterThanOrEqual(3);
    const { times } = await nearRows(page);
    expect([...times].sort()).toEqual(times);
    expect(await page.getByText(/quiz ikväll i Göteborg/).count()).toBe(1);
    // Choosing a type keeps the distances (the server answers for the new filter).
    await page.getByRole("button", { name: /^Quiz \d+$/ }).click();
    await page.waitForURL(/types=Quiz.*nara=57\.707,11\.968/);
    await expect.poll(() => page.locator("[data-near-row]").count()).toBeGreaterThanOrEqual(1);
  });

  it("says in Swedish why there are no distances when the browser refuses the position, and leaves the list", async () => {
    const page = await phoneAt({ geolocation: BRUNNSPARKEN, permissions: [] });
    await page.goto("/quiz/goteborg");
    const cards = await page.locator("main article").count();
    await page.getByRole("button", { name: "Nära mig" }).click();
    await expect
      .poll(() =>
        page
          .getByText("Webbläsaren fick inte visa din position, så listan visas som vanligt.", {
            exact: false,
          })
          .count(),
      )
      .toBe(1);
    expect(new URL(page.url()).search).toBe("");
    expect(await page.locator("[data-near-row]").count()).toBe(0);
    expect(await page.locator("main article").count()).toBe(cards);
  });

  it("ignores a malformed or foreign position in the address with a notice, never an error", async () => {
    const page = await phoneAt();
    for (const [nara, notice] of [
      ["abc", "Positionen i adressen kunde inte läsas"],
      ["55.676,12.568", "Positionen ligger utanför Sverige"],
    ] as const) {
      const response = await page.goto(`/quiz/goteborg?nara=${nara}`);
      expect(response?.status()).toBe(200);
      expect(await page.getByText(notice).count()).toBe(1);
      expect(await page.locator("[data-near-row]").count()).toBe(0);
      expect(await page.getByRole("heading", { level: 2, name: "Tisdagar" }).count()).toBe(1);
    }
  });

  it("is not offered without JavaScript", async () => {
    const page = await phoneAt({ javaScriptEnabled: false });
    await page.goto("/quiz/goteborg");
    expect(await page.getByRole("button", { name: "Nära mig" }).isVisible()).toBe(false);
  });

  it("an event page gives directions to the venue, and its JSON-LD the venue's coordinates", async () => {
    const page = await phoneAt();
    await page.goto("/quiz/goteborg/tisdagsquiz-hos-svanevik");
    const directions = page.getByRole("link", { name: /^Vägbeskrivning/ });
    const href = await directions.getAttribute("href");
    expect(href).toMatch(/^https:\/\/www\.openstreetmap\.org\/directions\?to=57\.\d{5}%2C11\.\d{5}#map=17\//);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd.location.geo).toMatchObject({ "@type": "GeoCoordinates" });
    expect(href).toContain(
      `to=${jsonLd.location.geo.latitude.toFixed(5)}%2C${jsonLd.location.geo.longitude.toFixed(5)}`,
    );
  });
});
