import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";

/** The second polish round: the header's city, search, filters without scripts, layout and forms. */
const browser = setupBrowser();

const SCREENS = path.resolve("test-results/screens");

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** The header's city as the visitor sees it (the typed word, or the standing name). */
const headerCity = (page: Page) =>
  page.evaluate(() => {
    const brand = document.querySelector('header a[href="/"]');
    const standing = brand?.querySelector("[data-header-city]");
    const typed = brand?.querySelector("[aria-hidden] > span:last-child");
    return (standing ?? typed)?.textContent ?? "";
  });

describe("the header's and the heading's city", () => {
  it("stops rotating once a city is chosen, and names the city of a city's pages", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto("/");
    await page.getByRole("button", { name: /^Göteborg \d+$/ }).click();
    await page.waitForURL(/cities=goteborg/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pubquiz i Göteborg");
    expect(await headerCity(page)).toBe("Göteborg");
    // Long past a whole typing cycle, both still say Göteborg.
    await page.clock.runFor(20_000);
    expect(await headerCity(page)).toBe("Göteborg");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pubquiz i Göteborg");
    await screenshot(page, "header-city-chosen-390");

    await page.goto("/quiz/malmo");
    await page.clock.runFor(20_000);
    expect(await headerCity(page)).toBe("Malmö");
    await page.goto("/?cities=goteborg,stockholm");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Pubquiz i Göteborg och Stockholm",
    );
  });

  it("rotates on the undecided home page, and names all three cities where nothing moves", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto("/");
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 3; i++) {
      await page.clock.runFor(500);
      seen.add((await headerCity(page)).trim());
    }
    expect(seen.size).toBeGreaterThan(1);

    const still = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await still.goto("/");
    expect(await still.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Pubquiz i Göteborg, Stockholm och Malmö",
    );
    const reduced = await browser.newPage({ viewport: DESKTOP });
    await reduced.emulateMedia({ reducedMotion: "reduce" });
    await reduced.goto("/");
    expect(await reduced.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Pubquiz i Göteborg, Stockholm och Malmö",
    );
  });
});
