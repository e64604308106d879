import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";
import { chooseAdminPassword } from "../support/first-admin";
import { outboxFor } from "../support/outbox";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * The weekly workflow end to end on a server of its own: the Sunday job (here on a per-second schedule)
 * drafts the NutidsQuiz from recorded RSS and Atom feeds served on loopback and mails the admin; the admin
 * reviews the draft with its sources and publishes it; a player answers and follows "Läs mer"; the list
 * features it.
 */
const browser = setupBrowser();
const SHOTS = process.env.SCREENSHOT_DIR;
const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/news/${name}`, import.meta.url), "utf8");

/** The recorded feeds with their dates moved so that the newest item is an hour old. */
function shiftedFeeds(): Record<string, string> {
  const feeds = { "/inrikes.rss": fixture("inrikes.rss.xml"), "/utrikes.atom": fixture("utrikes.atom.xml") };
  const newest = Date.parse("2026-11-21T09:00:00Z");
  const shift = Date.now() - 60 * 60 * 1000 - newest;
  const move = (value: string, iso: boolean) => {
    const moved = new Date(Date.parse(value) + shift);
    return iso ? moved.toISOString() : moved.toUTCString();
  };
  return {
    "/inrikes.rss": feeds["/inrikes.rss"].replace(
      /<pubDate>([^<]+)<\/pubDate>/g,
      (_, d: string) => `<pubDate>${move(d, false)}</pubDate>`,
    ),
    "/utrikes.atom": feeds["/utrikes.atom"].replace(
      /<(updated|published)>([^<]+)<\/\1>/g,
      (_, tag: string, d: string) => `<${tag}>${move(d, true)}</${tag}>`,
    ),
  };
}

let feedServer: http.Server;
let app: SpawnedServer;
let dataDir: string;
let admin: { email: string; password: string };

beforeAll(async () => {
  const feeds = shiftedFeeds();
  feedServer = http.createServer((req, res) => {
    const body = feeds[req.url ?? ""];
    if (!body) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader("content-type", "application/xml; charset=utf-8");
    res.end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  const feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  dataDir = tempDataDir("news");
  app = await spawnServer({
    DATA_DIR: dataDir,
    E2E: "1",
    NEWS_FEEDS: `${feedBase}/inrikes.rss,${feedBase}/utrikes.atom`,
    QUIZ_JOB_CRON: "* * * * * *",
    // No demo content: its NutidsQuiz of this week would be the week's one quiz, and the job would draft none.
    SEED_DEMO: "false",
  });
  const email = /Admin account created: (\S+)/.exec(app.output())?.[1];
  const password = /One-time password:\s+(\S+)/.exec(app.output())?.[1];
  if (!email || !password) throw new Error(`no admin credentials:\n${app.output()}`);
  admin = { email, password: await chooseAdminPassword(app.baseUrl, { email, password }) };
}, 120_000);

afterAll(async () => {
  await stopServer(app);
  await new Promise((resolve) => feedServer?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${app.baseUrl}/admin`);
  const status = await page.evaluate(async (body) => {
    const response = await fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.status;
  }, admin);
  expect(status).toBe(200);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe("NutidsQuiz about this week's news", () => {
  it("Sunday draft → admin reviews the sources and publishes → a player reads 'Läs mer' → the list features it", {
    timeout: 180_000,
  }, async () => {
    // The job's mail to the admin carries the review link.
    let link = "";
    await expect
      .poll(
        () => {
          const mail = outboxFor(dataDir, admin.email).find((m) => m.text.includes("väntar på granskning"));
          link = /https?:\/\/\S+\/admin\/quizzes\/[0-9a-f-]+\/edit/.exec(mail?.text ?? "")?.[0] ?? "";
          return link;
        },
        { timeout: 60_000, interval: 250 },
      )
      .not.toBe("");
    // The job keeps firing every second, but a day gets one draft: still one review mail.
    const reviewMails = () =>
      outboxFor(dataDir, admin.email).filter((m) => m.text.includes("väntar på granskning"));

    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page);
    await page.goto(link);
    await page.getByRole("heading", { name: "Redigera quiz" }).waitFor();
    const title = await page.getByLabel("Titel").inputValue();
    expect(title).toMatch(/^NutidsQuiz vecka \d+$/);
    // Admin pages lead back to the dashboard.
    expect(await page.getByRole("link", { name: "← Adminpanelen" }).getAttribute("href")).toBe("/admin");
    const questions = page.getByRole("article", { name: /^Fråga \d+$/ });
    await questions.first().waitFor();
    const count = await questions.count();
    expect(count).toBe(10);
    for (let i = 0; i < count; i++) {
      const article = questions.nth(i);
      expect(await article.textContent()).toMatch(/Vilket (ord|namn|tal) saknas i rubriken/);
      const source = article.getByRole("link", { name: /^(Inrikesbladet|Världsnytt), \d+ \w+ \d{4}$/ });
      expect(await source.getAttribute("href")).toMatch(/^https:\/\/(inrikesbladet|varldsnytt)\.example\//);
      expect(await article.getByText("Källa:").count()).toBe(1);
    }
    expect(reviewMails()).toHaveLength(1);
    for (const [name, viewport, scheme] of [
      ["editor-1280-light", DESKTOP, "light"],
      ["editor-390-dark", PHONE, "dark"],
    ] as const) {
      const view = await browser.newPage({ viewport, colorScheme: scheme });
      await signIn(view);
      await view.goto(link);
      await view.getByRole("article", { name: "Fråga 1", exact: true }).waitFor();
      await shot(view, name);
    }

    // Publish.
    await page.getByRole("switch", { name: "Aktiv" }).click();
    await page.getByRole("button", { name: "Uppdatera Quiz" }).click();
    await page.getByText("Quiz uppdaterat").waitFor();

    // A player: the list features it; the feedback after an answer links to the source.
    for (const [name, viewport, scheme] of [
      ["feedback-390-light", PHONE, "light"],
      ["feedback-1280-dark", DESKTOP, "dark"],
    ] as const) {
      const player = await browser.newPage({ viewport, colorScheme: scheme });
      await player.goto(`${app.baseUrl}/veckans-nutidsquiz`);
      const featured = player.locator("section[aria-labelledby='featured-heading']");
      await featured.getByRole("heading", { name: title }).waitFor();
      await featured.getByRole("link", { name: "Spela nu" }).click();
      await player.getByText("Fråga 1 av 10").waitFor();
      expect(await player.getByRole("link", { name: "Läs mer" }).count()).toBe(0);
      await player.locator("main ul button").first().click();
      const more = player.getByRole("link", { name: "Läs mer" });
      await more.waitFor();
      expect(await more.getAttribute("href")).toMatch(/^https:\/\/(inrikesbladet|varldsnytt)\.example\//);
      await player.getByText(/\((Inrikesbladet|Världsnytt), \d+ \w+ \d{4}\)/).waitFor();
      await shot(player, name);
    }

    // Played to the end, the review gives every question's source: "Läs mer" with outlet and date.
    const player = await browser.newPage({ viewport: PHONE });
    await player.goto(`${app.baseUrl}/veckans-nutidsquiz`);
    await player
      .locator("section[aria-labelledby='featured-heading']")
      .getByRole("link", { name: "Spela nu" })
      .click();
    for (let i = 0; i < 10; i++) {
      await player.getByText(`Fråga ${i + 1} av 10`).waitFor();
      await player
        .locator("main ul button")
        .nth(i % 3)
        .click();
      await player.getByRole("button", { name: i === 9 ? "Se resultat" : "Nästa fråga" }).click();
    }
    const review = player.getByRole("region", { name: "Dina svar" });
    await review.waitFor();
    expect(await review.getByRole("listitem").count()).toBe(10);
    const sources = review.getByRole("link", { name: "Läs mer" });
    expect(await sources.count()).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect(await sources.nth(i).getAttribute("href")).toMatch(
        /^https:\/\/(inrikesbladet|varldsnytt)\.example\//,
      );
    }
    expect(await review.getByText(/^\((Inrikesbladet|Världsnytt), \d+ \w+ \d{4}\)$/).count()).toBe(10);
    await shot(player, "review-390-light");
  });
});
