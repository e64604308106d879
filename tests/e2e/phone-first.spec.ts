import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";
import { setPageNow } from "../support/event-dates";

/**
 * The answer first on a phone (issue 38): two taps on home (a city, a day) show the first card, the pager
 * keeps the listing in view, and an event page says when and where before its image and description. With
 * JavaScript and without, at 390×844, on a faked Wednesday noon (Göteborg's demo quizzes hold several
 * nights then).
 */
const browser = setupBrowser();
const SHOTS = process.env.SCREENSHOT_DIR;

// Wednesday 13 January 2027 at 12:00 in Stockholm (UTC+1).
const WEDNESDAY_NOON = "2027-01-13T11:00:00.000Z";
const PHONE_844 = { width: PHONE.width, height: 844 };

async function phonePage(javaScriptEnabled: boolean, options: { colorScheme?: "light" | "dark" } = {}) {
  const page = await browser.newPage({ viewport: PHONE_844, javaScriptEnabled, ...options });
  await setPageNow(page, WEDNESDAY_NOON, javaScriptEnabled);
  return page;
}

/** The box of `locator` in the viewport's coordinates, or null when it is not laid out. */
const boxOf = (locator: Locator) => locator.boundingBox();

/** The bottom edge of the sticky header: what lies above it is covered. */
async function headerBottom(page: Page): Promise<number> {
  const box = await boxOf(page.locator("body > header, header").first());
  return box ? box.y + box.height : 0;
}

/** Whether the whole of `locator` is visible: below the sticky header and above the viewport's bottom. */
async function isWhollyInView(page: Page, locator: Locator): Promise<boolean> {
  const box = await boxOf(locator);
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.y >= (await headerBottom(page)) - 1 && box.y + box.height <= viewport.height + 1;
}

const firstCard = (page: Page) => page.locator("main [data-listing] article").first();

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe.each([true, false])("JavaScript %s", (javaScriptEnabled) => {
  it("two taps on home (Göteborg, Ikväll) show the first card whole", async () => {
    const page = await phonePage(javaScriptEnabled);
    await page.goto("/");
    await page.getByRole("button", { name: /^Göteborg/ }).click();
    await page.waitForURL(/cities=goteborg/);
    // The city alone leaves the page where it is: the next step is right below.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("link", { name: /^Ikväll \d+$/ }).click();
    await page.waitForURL(/dag=ikvall/);
    await expect.poll(() => isWhollyInView(page, firstCard(page))).toBe(true);
    expect(await firstCard(page).textContent()).toContain("Göteborg");
    await noSidewaysScroll(page);
    await shot(page, `home-landed-390-js-${javaScriptEnabled}`);

    // A fact chosen next leaves the page where it is.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    if (javaScriptEnabled) {
      const fact = page.getByRole("button", { name: /^Gratis inträde/ });
      await fact.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      await fact.click();
      await page.waitForURL(/gratis=1/);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
    }
  });

  it("'Nästa' in the pager keeps the listing in view", async () => {
    const page = await phonePage(javaScriptEnabled);
    const response = await page.goto("/");
    const next = page.getByRole("navigation", { name: "Sidor" }).getByRole("link", { name: "Nästa" });
    // With JavaScript the pager is the server's until every card is in the browser, which takes it away at
    // once, so there its link is opened as the server wrote it: as a shared link.
    if (javaScriptEnabled) {
      const href = /<a href="([^"]*sida=2#lista)" rel="next"/.exec((await response?.text()) ?? "")?.[1];
      expect(href).toMatch(/sida=2#lista$/);
      await page.goto(`/${href}`);
    } else await next.click();
    // The address is enough: the page's own text is waited for below (its images need not have loaded).
    await page.waitForURL(/sida=2/, { waitUntil: "commit" });
    // Without JavaScript the second page is the server's; with it, every card (the pager gone).
    if (!javaScriptEnabled) await page.getByText(/^Sida 2 av \d+$/).waitFor();
    await expect.poll(() => isWhollyInView(page, firstCard(page))).toBe(true);
    await expect
      .poll(() => isWhollyInView(page, page.getByRole("heading", { level: 2, name: /^\d+ quiz$/ })))
      .toBe(true);
  });

  it("an event page says 'När' and 'Var' before its image and description, 'När' in the first screen", async () => {
    const page = await phonePage(javaScriptEnabled);
    await page.goto("/quiz/goteborg/hamnquizet-pa-ankarljus");
    const when = page.getByRole("region", { name: "När" });
    const where = page.getByRole("region", { name: "Var" });
    await when.waitFor();
    expect(await where.textContent()).toContain("Hamnkrogen Ankarljus");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    const event = [jsonLd].flat().find((d: { "@type"?: string }) => d["@type"] === "Event") ?? jsonLd;
    const description = page.getByText(event.description as string, { exact: true });
    const image = page.getByRole("img", { name: /^Bild från Hamnquizet på Ankarljus/ });
    // Document order: När, Var, the image, the description.
    const order = await page.evaluate(
      (elements) => {
        const follows = (a: Element, b: Element) =>
          Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
        return elements.slice(1).every((e, i) => follows(elements[i] as Element, e as Element));
      },
      [
        await when.elementHandle(),
        await where.elementHandle(),
        await image.elementHandle(),
        await description.elementHandle(),
      ],
    );
    expect(order).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await isWhollyInView(page, when.getByRole("heading", { name: "När" }))).toBe(true);
    expect(await isWhollyInView(page, when.getByRole("listitem").first())).toBe(true);
    await noSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
  });
});

describe("the weekday and event pages at 390 and 1280 px, light and dark", () => {
  for (const viewport of [PHONE_844, DESKTOP])
    for (const colorScheme of ["light", "dark"] as const)
      it(`lay out without sideways scrolling at ${viewport.width} px, ${colorScheme}`, async () => {
        const page = await browser.newPage({ viewport, colorScheme });
        await setPageNow(page, WEDNESDAY_NOON);
        await page.goto("/quiz/goteborg/onsdag");
        await firstCard(page).waitFor();
        await noSidewaysScroll(page);
        await shot(page, `weekday-${viewport.width}-${colorScheme}`);
        await page.goto("/quiz/goteborg/hamnquizet-pa-ankarljus");
        await page.getByRole("region", { name: "När" }).waitFor();
        await noSidewaysScroll(page);
        if (viewport.width === DESKTOP.width) {
          // Beside the title, the "När" card; the description under the image in the wider column.
          const when = await boxOf(page.getByRole("region", { name: "När" }));
          const title = await boxOf(page.getByRole("heading", { level: 1 }));
          expect(when && title && when.x > title.x + title.width).toBe(true);
          expect(when && title && Math.abs(when.y - title.y) < 120).toBe(true);
        }
        await shot(page, `event-${viewport.width}-${colorScheme}`);
      });
});
