import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";
import { type PreparedServer, startPreparedServer } from "../support/prepared-server";

/**
 * The hub's "Att göra" and "Att bekräfta"'s "Bekräfta valda" on a phone, on a server of its own so the queue
 * holds exactly what the test made: a host claim, a report, a suggestion and three listings nobody has
 * confirmed, which are stale once the server's "now" (TEST_CLOCK) is a hundred days on.
 */
const browser = setupBrowser();
const DAY = 24 * 60 * 60 * 1000;
const LATER = new Date(Date.now() + 100 * DAY).toISOString();
const LISTINGS = ["Köquiz Ett", "Köquiz Två", "Köquiz Tre"];

let app: PreparedServer;

async function post(path: string, body: FormData | URLSearchParams | string, json = false) {
  const response = await fetch(`${app.base}${path}`, {
    method: "POST",
    headers: {
      cookie: app.adminCookie,
      origin: app.base,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body,
  });
  expect(response.status).toBeLessThan(300);
  return response;
}

beforeAll(async () => {
  app = await startPreparedServer({ subscribers: 0, env: { TEST_CLOCK: "1" } });
  const ids: string[] = [];
  for (const title of LISTINGS) {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title,
      scheduleWeekday: "Onsdag",
      scheduleTime: "19:00",
      city: "Malmö",
      quizType: "Quiz",
      location: `${title} krog`,
    }))
      form.set(name, value);
    ids.push(((await (await post("/api/admin/events", form)).json()) as { event: { id: string } }).event.id);
  }
  await post(
    `/quizvard/ansok/${ids[0]}`,
    new URLSearchParams({ name: "Kö Sökande", email: "sokande@example.se", venueRole: "Ägare" }),
  );
  const report = { eventId: app.event.id, reportType: "incorrect_info", title: "Köns rapport" };
  await post("/api/reports", JSON.stringify({ ...report, description: "Börjar 20." }), true);
  const suggestion = { venueName: "Köns förslag", city: "Malmö", additionalInfo: "Torsdagar." };
  await post("/api/suggestions", JSON.stringify(suggestion), true);
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** A phone signed in as the admin, the server's "now" a hundred days on. */
async function adminPhone(javaScriptEnabled = true): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled });
  const cookies = app.adminCookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: app.base };
  });
  await page.context().addCookies([...cookies, { name: "quizkvall_now", value: LATER, url: app.base }]);
  return page;
}

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include("main").analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`,
  );

function queue(page: Page) {
  return page.getByRole("list", { name: "Att göra" });
}

describe("the hub's work queue and Bekräfta valda", () => {
  it("shows a claim, stale listings, a report and a suggestion with their actions, and resolves a report", {
    timeout: 120_000,
  }, async () => {
    const page = await adminPhone();
    await page.goto(`${app.base}/admin`);
    await page.getByRole("heading", { name: /^Att göra/ }).waitFor();

    const claim = queue(page).getByRole("listitem", { name: "Quizvärd: Kö Sökande" });
    expect(await claim.textContent()).toContain("Vill bli quizvärd för Köquiz Ett.");
    const review = claim.getByRole("link", { name: "Granska ansökan från Kö Sökande" });
    expect(await review.getAttribute("href")).toBe("/admin/quizvardar");

    const stale = queue(page).getByRole("listitem").filter({ hasText: "quizkvällar att bekräfta" });
    expect(await stale.textContent()).toContain("4 quizkvällar att bekräfta");
    expect(await stale.getByRole("link", { name: "Bekräfta quizkvällar" }).getAttribute("href")).toBe(
      "/admin/confirmations",
    );

    const suggestion = queue(page).getByRole("listitem", { name: "Förslag: Köns förslag" });
    expect(
      await suggestion.getByRole("link", { name: "Skapa quiz från förslaget" }).getAttribute("href"),
    ).toMatch(/^\/admin\/events\/new\?forslag=[0-9a-f-]{36}$/);

    const report = queue(page).getByRole("listitem", { name: "Rapport: Köns rapport" });
    expect(await report.textContent()).toContain("Börjar 20.");
    expect(await report.getByRole("link", { name: /^Redigera/ }).getAttribute("href")).toBe(
      `/admin/events/${app.event.id}/edit`,
    );
    // Newest first: the suggestion came after the report, the report after the claim.
    const names = await queue(page)
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(names.filter(Boolean)).toEqual([
      "Förslag: Köns förslag",
      "Rapport: Köns rapport",
      "Quizvärd: Kö Sökande",
    ]);

    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await report.getByRole("button", { name: "Markera Köns rapport som löst" }).click();
    await page.getByRole("status").filter({ hasText: "Rapport löst" }).waitFor();
    await expect.poll(() => report.count()).toBe(0);
    expect(await queue(page).getByRole("listitem").count()).toBe(3);
  });

  it("works without JavaScript: the queue is the server's page and Markera som löst posts the page", {
    timeout: 60_000,
  }, async () => {
    const page = await adminPhone(false);
    await page.goto(`${app.base}/admin`);
    const suggestion = queue(page).getByRole("listitem", { name: "Förslag: Köns förslag" });
    await suggestion.waitFor();
    expect(await queue(page).getByRole("listitem", { name: "Quizvärd: Kö Sökande" }).count()).toBe(1);
    await suggestion.getByRole("button", { name: "Markera Köns förslag som löst" }).click();
    await page.getByRole("status").filter({ hasText: "Rapport löst" }).waitFor();
    expect(await suggestion.count()).toBe(0);
  });

  it("Bekräfta valda confirms three stale listings at once on a phone, and they leave the list", {
    timeout: 60_000,
  }, async () => {
    const page = await adminPhone();
    await page.goto(`${app.base}/admin/confirmations`);
    await page.getByRole("heading", { name: "Att bekräfta" }).waitFor();
    for (const title of LISTINGS) await page.getByRole("checkbox", { name: `Välj ${title}` }).check();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "Bekräfta valda" }).click();
    await page.getByRole("status").filter({ hasText: "3 quiz bekräftade." }).waitFor();
    for (const title of LISTINGS)
      await expect.poll(() => page.getByRole("link", { name: title, exact: true }).count()).toBe(0);
    await page.getByText("Allt är bekräftat.").waitFor();
  });
});
