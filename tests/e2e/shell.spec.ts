import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";

const browser = setupBrowser();

describe("page shell", () => {
  it("renders the header, footer and seeded events in Swedish", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("sv");
    await expect
      .poll(() => page.getByRole("link", { name: "Veckans NutidsQuiz" }).first().isVisible())
      .toBe(true);
    const footer = page.getByRole("contentinfo");
    expect(await footer.textContent()).toContain("© 2025");
    expect(await footer.textContent()).toContain("oberoende");
    for (const href of [
      "/veckans-nutidsquiz",
      "/quiz/goteborg",
      "/quiz/stockholm",
      "/quiz/malmo",
      "/admin",
    ]) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    // The server renders the first page of seeded events and links the next (public-directory.spec.ts
    // walks every page); the browser then shows every event.
    const html = (await response?.text()) ?? "";
    expect(new Set(html.match(/href="\/quiz\/[a-z]+\/[a-z0-9-]+"/g)).size).toBeGreaterThanOrEqual(12);
    expect(html).toMatch(/<a href="\?sida=2#lista" rel="next"/);
  });

  it("starts React Router's scripts after the first paint, and hydrates every part with no act", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const response = await page.goto("/");
    const html = (await response?.text()) ?? "";
    // Pins React Router's markup that scripts-after-paint.server.ts rewrites (decision 059): were its
    // modulepreload links or its module script to change shape, they would be left in place and this fails.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toMatch(/\(function\(p,m\)\{[\s\S]*?\}\)\(\["\/assets\/entry\.client-[^"]+\.js"/);
    await page.waitForSelector("html[data-hydrated]");
    // No press, key or pointer move: the footer's island hydrated on its own.
    await page.getByRole("contentinfo").getByRole("button", { name: "Quizkväll" }).click();
    await page.getByRole("dialog", { name: "Om" }).waitFor();
  });

  for (const viewport of [PHONE, DESKTOP])
    it(`shows every card image in view loaded within 4 s of load, with no act, at ${viewport.width} px`, async () => {
      const page = await browser.newPage({ viewport });
      for (const path of ["/", "/quiz/goteborg"]) {
        await page.goto(path);
        // A phone shows the hero first: the first card is brought into view by script, not by an act.
        await page
          .locator("main article img")
          .first()
          .evaluate((img) => img.scrollIntoView());
        const inView = () =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLImageElement>("main article img")]
              .filter((img) => {
                const box = img.getBoundingClientRect();
                return (
                  box.bottom > 0 &&
                  box.top < window.innerHeight &&
                  box.right > 0 &&
                  box.left < window.innerWidth
                );
              })
              .map((img) => img.complete && img.naturalWidth > 0),
          );
        await expect.poll(async () => (await inView()).length).toBeGreaterThan(0);
        await expect.poll(async () => (await inView()).every(Boolean), { timeout: 4_000 }).toBe(true);
      }
    });

  it("keeps the previous page on screen while a navigation's deferred code loads, never an empty page", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.route(/\/assets\/quiz-list-view-[^/]+\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    await page.locator('a[href="/veckans-nutidsquiz"]:visible').first().click();
    await expect.poll(() => held).toBe(1);
    // The quiz list's code is held back: home stays as it was, heading and cards, not an empty space.
    expect(await page.locator("main h1").textContent()).toContain("Pubquiz i");
    expect(((await page.locator("main").textContent()) ?? "").length).toBeGreaterThan(200);
    release();
    await page.getByRole("heading", { name: "Veckans NutidsQuiz", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/veckans-nutidsquiz");
  });

  it("opens the 'Om' dialog from the footer brand and closes it with Escape", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("contentinfo").getByRole("button", { name: "Quizkväll" }).click();
    const dialog = page.getByRole("dialog", { name: "Om" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("keeps the chosen theme across loads without a light flash", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, expectedConsoleErrors: /net::ERR_FAILED/ });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /^Tema:/ });
    // system → light → dark.
    await page.waitForSelector("html[data-hydrated]");
    await toggle.click();
    await toggle.click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(true);
    // With JavaScript bundles blocked, only the inline boot script can apply the theme: no flash.
    await page.route("**/assets/**", (route) => route.abort());
    // Loaded again through the frame: the page's own goto would wait for a hydration that cannot come.
    await page.mainFrame().goto(page.url());
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("quizkvall_theme"))).toBe("dark");
  });

  it("follows the system preference by default", async () => {
    const page = await browser.newPage({ viewport: PHONE, colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  });

  it("follows the system preference without JavaScript too, and a chosen light theme over a dark system", async () => {
    // Read from the screen: a page without JavaScript cannot be asked for its computed styles.
    const brightness = async (page: Page) => {
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: PHONE.width, height: 200 } });
      const { data } = await sharp(png).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
      const [r = 0, g = 0, b = 0] = data;
      return (r + g + b) / 3;
    };
    const light = await browser.newPage({ viewport: PHONE, colorScheme: "light", javaScriptEnabled: false });
    await light.goto("/");
    expect(await brightness(light)).toBeGreaterThan(200);

    const dark = await browser.newPage({ viewport: PHONE, colorScheme: "dark", javaScriptEnabled: false });
    await dark.goto("/");
    expect(await brightness(dark)).toBeLessThan(60);

    // With JavaScript the visitor's own choice wins over the system's.
    const chosen = await browser.newPage({ viewport: PHONE, colorScheme: "dark" });
    await chosen.addInitScript(() => localStorage.setItem("quizkvall_theme", "light"));
    await chosen.goto("/");
    expect(await brightness(chosen)).toBeGreaterThan(200);
  });

  it("shows a 404 page with a link home for unknown paths", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 404/ });
    const response = await page.goto("/finns/inte");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Sidan hittades inte" }).waitFor();
    await page.getByRole("link", { name: "Till startsidan" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("has no axe violations in light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: DESKTOP, colorScheme });
      await page.goto("/");
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
    }
  });
});
