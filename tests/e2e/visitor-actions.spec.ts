import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";

const browser = setupBrowser();

async function beerCount(button: Locator) {
  return Number.parseInt((await button.locator("[data-beer-count]").textContent()) ?? "", 10);
}

/**
 * The first event on home that has been skålad before: its skåla button, title and event page address. The
 * demo's events all have been; an event that another spec running beside this one adds (and may delete
 * while this one clicks) has not.
 */
async function firstEvent(page: Page) {
  const buttons = page.getByRole("button", { name: /^Skåla för / });
  await buttons.first().waitFor();
  const count = await buttons.count();
  let index = 0;
  while (index < count && (await beerCount(buttons.nth(index))) === 0) index += 1;
  if (index === count) throw new Error(`none of the ${count} events on home has been skålad before`);
  const title = ((await buttons.nth(index).getAttribute("aria-label")) ?? "").replace(/^Skåla för /, "");
  // Found by its event, not its place: home's listing hydrates at the first act and then brings in the full
  // listing, which may put other cards before it.
  const button = page.getByRole("button", { name: `Skåla för ${title}`, exact: true }).first();
  const href = await page.getByRole("link", { name: title }).first().getAttribute("href");
  return { button, title, href: href ?? "" };
}

async function axeViolations(page: Page, selector = "[role=dialog]") {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("skåla", () => {
  it("counts a skåla once, then shows the cooldown with the minutes; card and event page agree", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto("/");
    const { button, title, href } = await firstEvent(page);
    const before = await beerCount(button);
    await expect.poll(() => button.getAttribute("data-state")).toBe("ready");

    await button.click();
    // Polled together: the button's status may also bring a count that other visitors (specs running
    // beside this one) added meanwhile, so the count can reach before + 1 just before the click's answer.
    await expect.poll(() => button.getAttribute("data-state")).toBe("beered");
    await expect.poll(() => beerCount(button)).toBeGreaterThanOrEqual(before + 1);
    const after = await beerCount(button);
    expect(await axeViolations(page, "button[data-state]")).toEqual([]);

    await page.clock.runFor(350); // past the click animation, during which clicks are ignored
    await button.click();
    const notice = page.getByText(/^Du får vänta (60|59) minuter innan du kan skåla här igen! 🍻$/);
    await notice.waitFor();
    expect(await beerCount(button)).toBe(after);

    await page.reload();
    const reloaded = page.getByRole("button", { name: `Skåla för ${title}` }).first();
    await expect.poll(() => reloaded.getAttribute("data-state")).toBe("beered");
    // A cached page may show an older count; the button then fetches the exact one.
    await expect.poll(() => beerCount(reloaded)).toBeGreaterThanOrEqual(after);
    const cardCount = await beerCount(reloaded);

    await page.goto(href);
    const onEventPage = page.getByRole("button", { name: `Skåla för ${title}` });
    await expect.poll(() => beerCount(onEventPage)).toBe(cardCount);
    await expect.poll(() => onEventPage.getAttribute("data-state")).toBe("beered");
    // Polled: a colour caught mid-transition (the button settling into its state) is not a violation.
    await expect.poll(() => axeViolations(page, "main")).toEqual([]);
    await onEventPage.click();
    await page.getByText(/^Du får vänta \d+ minuter innan du kan skåla här igen! 🍻$/).waitFor();
    expect(await beerCount(onEventPage)).toBe(cardCount);
  });

  it("lets another visitor skåla for the same event", async () => {
    const first = await browser.newPage({ viewport: DESKTOP });
    await first.goto("/");
    const a = await firstEvent(first);
    await a.button.click();
    await expect.poll(() => a.button.getAttribute("data-state")).toBe("beered");

    // The second visitor's own count before their skåla: the first visitor's click is shown at once, but
    // specs running beside this one share its address and its per-minute budget, so it may be refused.
    const second = await browser.newPage({ viewport: DESKTOP });
    await second.goto(a.href);
    const b = second.getByRole("button", { name: `Skåla för ${a.title}` });
    await expect.poll(() => b.getAttribute("data-state")).toBe("ready");
    const beforeSecond = await beerCount(b);
    await b.click();
    await expect.poll(() => b.getAttribute("data-state")).toBe("beered");
    await expect.poll(() => beerCount(b)).toBeGreaterThanOrEqual(beforeSecond + 1);
  });

  it("counts a skåla pressed before any of the page's code has run, once, on home and on the event page", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const beerPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/api\/events\/[^/]+\/beer$/.test(r.url())) beerPosts.push(r.url());
    });
    const release = await holdScripts(page);
    // The frame's own navigation: the page's `goto` waits for the hydration that the held scripts prevent.
    await page.mainFrame().goto(`${browser.baseUrl()}/`, { waitUntil: "domcontentloaded" });
    const { button, title, href } = await firstEvent(page);
    await pressBeforeCode(page, button, release);
    expect(beerPosts).toHaveLength(1);

    // The event page's skåla hydrates with the page rather than at the first act: the same holds there.
    const eventPage = await browser.newPage({ viewport: PHONE });
    const releaseEvent = await holdScripts(eventPage);
    await eventPage.mainFrame().goto(`${browser.baseUrl()}${href}`, { waitUntil: "domcontentloaded" });
    await pressBeforeCode(
      eventPage,
      eventPage.getByRole("button", { name: `Skåla för ${title}` }),
      releaseEvent,
    );
  });

  it("keeps a skåla answered while the button's older status is still on the way", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/");
    const { button } = await firstEvent(page);
    await page.waitForLoadState("networkidle");
    // The next status read (the listing's buttons ask when they hydrate) is answered by the server before
    // the skåla is recorded, and reaches the page only after the skåla's answer.
    let statusRead: () => void = () => {};
    const isStatusRead = new Promise<void>((resolve) => {
      statusRead = resolve;
    });
    let beerAnswered: () => void = () => {};
    const isBeerAnswered = new Promise<void>((resolve) => {
      beerAnswered = resolve;
    });
    let statusDelivered = false;
    await page.route(/\/api\/beer-status\?/, async (route) => {
      const response = await route.fetch();
      statusRead();
      await isBeerAnswered;
      await route.fulfill({ response });
      statusDelivered = true;
    });
    await page.route(/\/api\/events\/[^/]+\/beer$/, async (route) => {
      await isStatusRead;
      const response = await route.fetch();
      await route.fulfill({ response });
      beerAnswered();
    });
    await button.click();
    await expect.poll(() => statusDelivered).toBe(true);
    await expect.poll(() => button.getAttribute("data-state")).toBe("beered");
    // The status's answer has been handled by the next frame: the button still shows the skåla.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await button.getAttribute("data-state")).toBe("beered");
  });
});

/** Holds back every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Presses a skåla button before any of the page's scripts has run (they are held back), then lets them load
 * (`release`): the press is made once the button's code is in, and counted.
 */
async function pressBeforeCode(page: Page, button: Locator, release: () => void) {
  const before = await beerCount(button);
  await button.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect(await button.getAttribute("data-state")).toBe("ready");
  release();
  await expect.poll(() => button.getAttribute("data-state")).toBe("beered");
  await expect.poll(() => beerCount(button)).toBeGreaterThanOrEqual(before + 1);
}
