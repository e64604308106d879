import { describe, expect, inject, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";

/**
 * "Jag var där – det stämmer" on a phone: the browser's clock and the server's "now" (the quizkvall_now
 * cookie, honoured with TEST_CLOCK) are set to the same instant. Tisdagsquiz hos Svanevik starts 18:30 on
 * Tuesdays; Tuesday 1 December 2026 is one of its nights.
 */
const browser = setupBrowser();
const EVENT_PATH = "/quiz/goteborg/tisdagsquiz-hos-svanevik";

async function pageAt(instant: string) {
  const page = await browser.newPage({ viewport: PHONE });
  await page.context().addCookies([{ name: "quizkvall_now", value: instant, url: inject("baseUrl") }]);
  await page.clock.setFixedTime(new Date(instant));
  return page;
}

describe("confirming a listing", () => {
  it("has no button before the night starts", async () => {
    const page = await pageAt("2026-12-01T17:00:00.000Z");
    await page.goto(EVENT_PATH);
    await expect.poll(() => page.getByText(/^Senast bekräftad \d+ \w+ \d{4}$/).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Jag var där – det stämmer" }).count()).toBe(0);
  });

  it("a guest confirms the night once, and the date moves to today", async () => {
    const page = await pageAt("2026-12-01T19:00:00.000Z");
    await page.goto(EVENT_PATH);
    const button = page.getByRole("button", { name: "Jag var där – det stämmer" });
    // The buttons name the night they are about.
    await page.getByText(/^Ikväll, tisdag 1 december \d\d:\d\d:$/).waitFor();
    await button.click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Tack! Bekräftat." }).count()).toBe(1);
    expect(await page.getByTestId("last-confirmed").textContent()).toBe("Senast bekräftad 1 december 2026");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The same browser the next morning: the button is still there, and a second click changes nothing.
    const nextMorning = "2026-12-02T09:00:00.000Z";
    await page.context().addCookies([{ name: "quizkvall_now", value: nextMorning, url: inject("baseUrl") }]);
    await page.clock.setFixedTime(new Date(nextMorning));
    await page.goto(EVENT_PATH);
    expect(await page.getByTestId("last-confirmed").textContent()).toBe("Senast bekräftad 1 december 2026");
    await page.getByText(/^Igår, tisdag 1 december \d\d:\d\d:$/).waitFor();
    const response = page.waitForResponse((r) => r.url().endsWith("/confirm"));
    await page.getByRole("button", { name: "Jag var där – det stämmer" }).click();
    expect(await (await response).json()).toEqual({ status: "already" });
  });
});
