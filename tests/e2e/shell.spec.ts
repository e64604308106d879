import AxeBuilder from "@axe-core/playwright";
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

  it("loads the footer's code only when the visitor acts, and holds a press made before it arrives", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const footerScripts: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/site-footer-[^/]+\.js$/, async (route) => {
      footerScripts.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    expect(footerScripts).toEqual([]);
    // The press starts the download, which is held back here: the press waits for the footer's code.
    await page.getByRole("contentinfo").getByRole("button", { name: "Quizkväll" }).click();
    await expect.poll(() => footerScripts.length).toBe(1);
    expect(await page.getByRole("dialog", { name: "Om" }).count()).toBe(0);
    release();
    await page.getByRole("dialog", { name: "Om" }).waitFor();
  });

  it("keeps deferred parts as the server rendered them, without their code, until the visitor acts", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const deferredCode =
      /\/(site-footer|list-signup-form|quiz-list-view|city-view|event-card-grid)-[^/]+\.js$/;
    await page.goto("/quiz/goteborg");
    const eventPath = await page
      .locator("main article a[href^='/quiz/goteborg/']")
      .first()
      .getAttribute("href");
    for (const [path, heading] of [
      ["/veckans-nutidsquiz", "Få veckans NutidsQuiz"],
      [eventPath ?? "", "Påminn mig"],
    ] as const) {
      await page.goto(path);
      await page.waitForSelector("html[data-hydrated]");
      // The event's own skåla status arrives after load; the parts around it must keep waiting.
      await page.waitForLoadState("networkidle");
      expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
      expect(await page.getByRole("contentinfo").getByRole("button", { name: "Quizkväll" }).isVisible()).toBe(
        true,
      );
    }
    expect(scripts.filter((script) => deferredCode.test(script))).toEqual([]);
  });

  it("keeps home's listing as the server rendered it until the visitor acts, and answers a filter pressed before its code in place", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.route(/\/assets\/home-view-[^/]+\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    await page.waitForLoadState("networkidle");
    // The listing, its filters and the promo bubble are on screen; none of the listing's code is in.
    expect(await page.locator("main article a[href^='/quiz/']").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: /^Göteborg \d+$/ }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Visa NutidsQuiz" }).waitFor();
    expect(
      scripts.filter((script) => /\/(home-view|event-grid|filter-panel|event-admin-controls)-/.test(script)),
    ).toEqual([]);
    // A filter chip pressed now asks for the code, which is held back here: the press waits for it, and is
    // then answered in the same document rather than by the form's full-page answer.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole("button", { name: /^Göteborg \d+$/ }).click();
    await expect.poll(() => held).toBe(1);
    expect(new URL(page.url()).search).toBe("");
    release();
    await page.waitForURL(/cities=goteborg/);
    await page.getByRole("heading", { level: 1, name: "Pubquiz i Göteborg" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
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
    // system → light → dark. The toggle's code loads at the first act: presses made before it is in are
    // held and made again once it is (ui/deferred.tsx), so the theme changes a moment later.
    await toggle.click();
    await toggle.click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(true);
    // With JavaScript bundles blocked, only the inline boot script can apply the theme: no flash.
    await page.route("**/assets/**", (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("quizkvall_theme"))).toBe("dark");
  });

  it("follows the system preference by default", async () => {
    const page = await browser.newPage({ viewport: PHONE, colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
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
