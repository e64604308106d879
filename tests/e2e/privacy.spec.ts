import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";

/**
 * /integritet on a phone: complete without JavaScript, no wider than the screen, nothing for axe in either
 * theme, and reached from the footer and from the Om dialog (decision 054).
 */
const browser = setupBrowser();

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

describe("the privacy notice", () => {
  it("is whole without JavaScript on a phone", async () => {
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    const response = await page.goto("/integritet");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Integritet");
    expect(await page.getByRole("heading", { level: 2 }).count()).toBe(10);
    expect(await page.getByRole("heading", { level: 4 }).count()).toBe(17);
    // "Nära mig": the position is used for that page only and never stored (decision 061).
    expect(await page.getByRole("heading", { level: 4, name: "Din position (Nära mig)" }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 4, name: "Kompisligor" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "imy.se" }).getAttribute("href")).toBe("https://www.imy.se");
    expect(
      await page
        .getByRole("link", { name: /^integritet@/ })
        .first()
        .getAttribute("href"),
    ).toMatch(/^mailto:integritet@/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has nothing for axe in the ${colorScheme} theme`, async () => {
      const page = await browser.newPage({ viewport: PHONE, colorScheme });
      await page.goto("/integritet");
      await expectNoAxeViolations(page);
    });
  }

  it("is linked from the footer and from the Om dialog", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Sidfot" }).getByRole("link", { name: "Integritet" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/integritet");
    await page.getByRole("contentinfo").getByRole("button", { name: "Quizkväll" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Integritet" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/integritet");
  });
});
