import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin } from "../support/browser";

/**
 * The admin hub: its entries, the quiz-night search, a new quiz from a visitor's suggestion, and an edit that
 * shows in the event's "Ändringshistorik" and is undone from there, back on the public page.
 */
const browser = setupBrowser();

const SCREENS = path.resolve("test-results/screens");

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include("main").analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`,
  );

async function adminPage(options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage(options);
  await signInAsAdmin(page);
  return page;
}

type CreatedEvent = { id: string; slug: string; citySlug: string; title: string };

async function createEvent(page: Page, title: string): Promise<CreatedEvent> {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/api/admin/events`, {
    headers: { Origin: baseUrl },
    multipart: {
      title,
      scheduleWeekday: "Onsdag",
      scheduleTime: "19:00",
      city: "Malmö",
      quizType: "Quiz",
      location: `Hubbkrogen ${title.slice(-6)}`,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).event;
}

async function createSuggestion(page: Page, venueName: string) {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/api/suggestions`, {
    data: { venueName, city: "Malmö", additionalInfo: "Quiz varannan torsdag kl 19." },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(201);
}

describe("admin hub", () => {
  it("links its entries, finds a quiz night and starts a quiz from a suggestion", {
    timeout: 120_000,
  }, async () => {
    const page = await adminPage();
    const suffix = randomUUID().slice(0, 6);
    const event = await createEvent(page, `Hubbquiz ${suffix}`);
    const venue = `Förslagskrogen ${suffix}`;
    await createSuggestion(page, venue);

    await page.goto("/admin");
    await page.getByRole("heading", { name: "Adminpanel" }).waitFor();
    const hrefs = {
      Quizvärdar: "/admin/quizvardar",
      "Att bekräfta": "/admin/confirmations",
      "Hantera Quiz": "/admin/quizzes",
      "Öl Aktivitet": "/admin/beer-activity",
    };
    for (const [name, href] of Object.entries(hrefs))
      expect(await page.getByRole("link", { name: new RegExp(`^${name}`) }).getAttribute("href")).toBe(href);
    expect(await page.getByRole("link", { name: "Öl-aktivitet" }).getAttribute("href")).toBe(
      "/admin/beer-activity",
    );

    // Search by the venue's name: the event, with its edit and history.
    await page.getByLabel("Sök quizkväll på namn, ställe, gata eller stad").fill(`hubbkrogen ${suffix}`);
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    // The list shows every quiz night before a search; the search's answer says how many it found.
    await page.getByText(`1 träff för ”hubbkrogen ${suffix}”`).waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe(`hubbkrogen ${suffix}`);
    const edit = page.locator("#quizkvallar").getByRole("link", { name: `Redigera ${event.title}` });
    expect(await edit.getAttribute("href")).toBe(`/admin/events/${event.id}/edit`);

    // The suggestion with its text, and a new quiz started from it.
    const suggestion = page.locator("#att-gora").getByRole("listitem", { name: `Förslag: ${venue}` });
    expect(await suggestion.textContent()).toContain("Quiz varannan torsdag kl 19.");
    await suggestion.getByRole("link", { name: "Skapa quiz från förslaget" }).click();
    await page.getByRole("heading", { name: "Lägg till Quiz Manuellt" }).waitFor();
    expect(await page.getByLabel("Titel", { exact: true }).inputValue()).toBe(venue);
    expect(await page.getByLabel("Plats", { exact: true }).inputValue()).toBe(venue);
    expect(await page.getByLabel("Stad").inputValue()).toBe("Malmö");
    expect(await page.getByLabel("Beskrivning").inputValue()).toBe("Quiz varannan torsdag kl 19.");
    // Making the quiz resolves the suggestion: it leaves the hub's "Att göra".
    await page.getByRole("button", { name: "Lägg till quiz" }).click();
    // The admin lands on the new quiz's editor, which says it was made.
    await page.waitForURL(/\/admin\/events\/[0-9a-f-]+\/edit\?tillagd=1$/);
    await page.getByRole("status").filter({ hasText: "Quiz har lagts till" }).waitFor();
    expect(await page.getByLabel("Titel", { exact: true }).inputValue()).toBe(venue);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Adminpanel" }).waitFor();
    expect(await page.locator("#att-gora li").filter({ hasText: venue }).count()).toBe(0);

    for (const viewport of [PHONE, DESKTOP])
      for (const colorScheme of ["light", "dark"] as const) {
        const shot = await adminPage({ viewport, colorScheme });
        await shot.goto(`/admin?q=${encodeURIComponent(`hubbkrogen ${suffix}`)}`);
        await shot.getByRole("link", { name: `Redigera ${event.title}` }).waitFor();
        expect(await axeViolations(shot)).toEqual([]);
        expect(await shot.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await screenshot(shot, `admin-hub-${viewport.width}-${colorScheme}`);
      }
  });

  it("records nothing when a demo night is saved unchanged on a phone", async () => {
    const page = await adminPage({ viewport: PHONE });
    await page.goto("/quiz/malmo");
    const links = page.locator('main a[href^="/quiz/malmo/"]:not([href$="dag"])');
    await links.first().waitFor();
    await page.goto((await links.last().getAttribute("href")) ?? "/");
    await page.getByRole("link", { name: "Redigera" }).click();
    await page.getByRole("heading", { name: "Redigera Quiz" }).waitFor();
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    await page.getByText("Quiz har uppdaterats").first().waitFor();
    await page.getByRole("link", { name: "Ändringshistorik" }).click();
    await page.getByRole("heading", { name: "Ändringshistorik" }).waitFor();
    await page.getByText("Inga ändringar ännu.").waitFor();
  });

  it("shows an edit in Ändringshistorik, and Ångra puts it back on the public page", {
    timeout: 120_000,
  }, async () => {
    const page = await adminPage();
    const suffix = randomUUID().slice(0, 6);
    const event = await createEvent(page, `Historikquiz ${suffix}`);
    const publicPath = `/quiz/${event.citySlug}/${event.slug}`;

    // The event page offers the admin "Redigera"; a visitor's page does not.
    await page.goto(publicPath);
    await page.getByRole("link", { name: "Redigera" }).click();
    await page.getByRole("heading", { name: "Redigera Quiz" }).waitFor();
    await page.getByLabel("Titel", { exact: true }).fill(`Omdöpt ${suffix}`);
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    // A toast once the page runs its script; the page's own notice when the form was posted before that.
    await page.getByText("Quiz har uppdaterats").first().waitFor();

    await page.goto(`/admin/events/${event.id}/historik`);
    await page.getByRole("heading", { name: "Ändringshistorik" }).waitFor();
    const change = page.getByRole("listitem").filter({ hasText: "Titel" });
    expect(await change.textContent()).toContain(`Historikquiz ${suffix}`);
    expect(await change.textContent()).toContain(`Omdöpt ${suffix}`);
    expect(await change.textContent()).toContain(inject("adminEmail"));
    for (const colorScheme of ["light", "dark"] as const)
      for (const viewport of [PHONE, DESKTOP]) {
        const shot = await adminPage({ viewport, colorScheme });
        await shot.goto(`/admin/events/${event.id}/historik`);
        await shot.getByRole("heading", { name: "Ändringshistorik" }).waitFor();
        expect(await axeViolations(shot)).toEqual([]);
        await screenshot(shot, `event-history-${viewport.width}-${colorScheme}`);
      }

    await change.getByRole("button", { name: /^Ångra/ }).click();
    await page.getByRole("status").filter({ hasText: "Ändringen har ångrats" }).waitFor();
    await page.getByText("Ångrad ändring").waitFor();
    // The change itself can no longer be undone; the undo can.
    expect(await page.getByRole("button", { name: /^Ångra/ }).count()).toBe(1);

    const visitor = await browser.newPage();
    await visitor.goto(publicPath);
    await expect
      .poll(async () => {
        await visitor.reload();
        return visitor.getByRole("heading", { level: 1 }).textContent();
      })
      .toBe(`Historikquiz ${suffix}`);
    expect(await visitor.getByRole("link", { name: "Redigera" }).count()).toBe(0);
  });
});
