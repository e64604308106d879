import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin } from "../support/browser";
import { createMalmoEvent } from "../support/hosts";

const browser = setupBrowser();
const SCREENS = path.resolve("test-results/screens");

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** A venue's own site on another origin (localhost, not the app's 127.0.0.1), serving the given page. */
const venue = { server: null as http.Server | null, html: "" };
async function venueSite(html: string): Promise<string> {
  venue.html = html;
  venue.server ??= await new Promise<http.Server>((resolve) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(venue.html);
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
  return `http://localhost:${(venue.server.address() as AddressInfo).port}/`;
}
afterAll(() => venue.server?.close());

describe("an event's widget", () => {
  it("is offered to its host as code to copy, and shows the next nights framed by the venue's own site", async () => {
    const admin = await browser.newPage({ viewport: PHONE });
    await signInAsAdmin(admin);
    const title = `Widgetquiz ${Date.now()}`;
    const event = await createMalmoEvent(admin, { title, weekday: "Torsdag", location: "Widgetpuben" });

    await admin.goto(`/quizvard/${event.id}`);
    const section = admin.getByRole("region", { name: "Widget för er webbplats" });
    const code = section.getByLabel("Kod att klistra in");
    const snippet = await code.inputValue();
    const widgetUrl = `${inject("baseUrl")}/quiz/${event.citySlug}/${event.slug}/widget`;
    expect(snippet).toContain(`<iframe src="${widgetUrl}" title="${title} på Quizkväll"`);
    await admin.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await section.getByRole("button", { name: "Kopiera koden" }).click();
    await section.getByRole("button", { name: "Kopierad!" }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    expect(await section.getByRole("link", { name: "Förhandsvisa widgeten" }).getAttribute("href")).toBe(
      `/quiz/${event.citySlug}/${event.slug}/widget`,
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(admin, "widget-snippet-390");

    // The venue pastes the code, and beside it (to show the difference) a frame of the event page itself.
    const eventUrl = `${inject("baseUrl")}/quiz/${event.citySlug}/${event.slug}`;
    const refusal = /violates the following Content Security Policy directive: "frame-ancestors 'none'"/;
    const blocked: string[] = [];
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: refusal });
    page.on("console", (message) => {
      if (refusal.test(message.text())) blocked.push(message.text());
    });
    await page.goto(
      await venueSite(
        `<!doctype html><html lang="sv"><title>Widgetpuben</title><h1>Widgetpuben</h1>${snippet}<iframe id="page" src="${eventUrl}" title="Sidan"></iframe></html>`,
      ),
    );
    const widget = page.frameLocator(`iframe[title="${title} på Quizkväll"]`);
    const heading = widget.getByRole("heading", { level: 1, name: title });
    await heading.waitFor();
    expect(await heading.getByRole("link").getAttribute("href")).toBe(eventUrl);
    expect(await heading.getByRole("link").getAttribute("target")).toBe("_blank");
    const nights = widget.getByRole("list", { name: "Kommande kvällar" }).getByRole("listitem");
    expect(await nights.count()).toBe(4);
    expect(await nights.first().textContent()).toMatch(/^(Ikväll|Imorgon|Torsdag \d+ \S+) 19:00$/);
    await widget.getByRole("link", { name: "Se quizet på Quizkväll" }).waitFor();
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    expect(blocked.join("\n")).toContain(`Framing '${inject("baseUrl")}/'`);
    await screenshot(page, "widget-framed-390");
  });

  it("is whole and readable on its own in both themes, and says so in Swedish when the quiz is gone", async () => {
    const admin = await browser.newPage({ viewport: DESKTOP });
    await signInAsAdmin(admin);
    const title = `Widgetquiz tema ${Date.now()}`;
    const event = await createMalmoEvent(admin, { title, weekday: "Måndag", location: "Temapuben" });
    const url = `/quiz/${event.citySlug}/${event.slug}/widget`;
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: { width: 420, height: 300 }, colorScheme });
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("public, max-age=60");
      expect(await page.locator("script").count()).toBe(0);
      await page.getByRole("heading", { name: title }).waitFor();
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      await screenshot(page, `widget-${colorScheme}`);
    }
    const gone = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 404/ });
    const response = await gone.goto(`/quiz/${event.citySlug}/finns-inte-${Date.now()}/widget`);
    expect(response?.status()).toBe(404);
    await gone.getByText("Quizet finns inte längre på Quizkväll.").waitFor();
  });
});
