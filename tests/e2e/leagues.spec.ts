import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";
import { playToTheEnd } from "../support/play";

const browser = setupBrowser();
const SCREENS = path.resolve("test-results/screens");

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

/** Opens the league's link in a fresh browser and joins it as `nickname`. */
async function join(link: string, nickname: string): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE });
  await page.goto(link);
  const form = page.getByRole("region", { name: /^Gå med i / });
  await form.getByLabel("Ditt smeknamn").fill(nickname);
  await form.getByRole("button", { name: "Gå med i ligan" }).click();
  await page.getByText(`Du är med som ${nickname}.`).waitFor();
  return page;
}

/** Plays this week's NutidsQuiz from the league page's link; returns the score. */
async function playThisWeek(page: Page, pick: number): Promise<number> {
  await page.getByRole("link", { name: /^Spela NutidsQuiz vecka \d+$/ }).click();
  await page.getByRole("link", { name: "Spela", exact: true }).click();
  return Number(/Du fick (\d+) av/.exec(await playToTheEnd(page, pick))?.[1]);
}

type Row = { place: number; name: string; score: number };

async function weekRows(page: Page): Promise<Row[]> {
  const rows = page.getByRole("table", { name: "Veckans tabell" }).locator("tbody tr");
  return (await rows.allTextContents()).length
    ? rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "");
          return {
            place: Number(cells[0]),
            name: cells[1] ?? "",
            score: Number.parseInt(cells[2] ?? "", 10),
          };
        }),
      )
    : [];
}

describe("Kompisligor", () => {
  it("three browsers in a league play this week's quiz, and the table lists them in order", {
    timeout: 180_000,
  }, async () => {
    const anna = await browser.newPage({ viewport: PHONE });
    await anna.goto("/veckans-nutidsquiz");
    await anna.getByRole("link", { name: "Kompisligor: spela mot vänner" }).click();
    await anna.getByRole("heading", { level: 1, name: "Kompisligor" }).waitFor();
    const create = anna.getByRole("region", { name: "Skapa en liga" });
    await create.getByRole("button", { name: "Skapa liga" }).click();
    await create.getByText("Ange ligans namn.").waitFor();
    const name = `Fredagsgänget ${Date.now() % 100_000}`;
    await create.getByLabel("Ligans namn").fill(name);
    await create.getByLabel("Ditt smeknamn").fill("Anna");
    await create.getByRole("button", { name: "Skapa liga" }).click();
    await anna.getByRole("heading", { level: 1, name }).waitFor();
    await anna.getByText("Du är med som Anna.").waitFor();
    const link =
      (await anna.getByText(/^https?:\/\/\S+\/veckans-nutidsquiz\/liga\/[\w-]{16}$/).textContent()) ?? "";
    expect(link).not.toBe("");
    expect(await anna.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    const bosse = await join(link, "Bosse");
    const cissi = await join(link, "Cissi");
    const scores = {
      Anna: await playThisWeek(anna, 0),
      Bosse: await playThisWeek(bosse, 1),
      Cissi: await playThisWeek(cissi, 2),
    };

    await bosse.goto(link);
    const rows = await weekRows(bosse);
    expect(rows.map((r) => r.name).sort()).toEqual(["Anna", "Bosse", "Cissi"]);
    for (const row of rows) expect(row.score).toBe(scores[row.name as keyof typeof scores]);
    // Highest score first; a place is shared only by an equal score (then time decides the order).
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.score).toBeLessThanOrEqual(rows[i - 1]!.score);
      expect(rows[i]!.place).toBeGreaterThan(
        rows[i - 1]!.place - (rows[i]!.score === rows[i - 1]!.score ? 1 : 0),
      );
    }
    expect(await bosse.getByRole("table", { name: "Säsongen" }).locator("tbody tr").count()).toBe(3);
    expect((await new AxeBuilder({ page: bosse }).analyze()).violations).toEqual([]);
    await screenshot(bosse, "league-390");

    // Bosse cannot remove anyone; Anna, who made the league, removes Cissi, and Cissi's result goes with her.
    expect(await bosse.getByRole("button", { name: /^Ta bort / }).count()).toBe(0);
    await anna.goto(link);
    await anna.getByRole("button", { name: "Ta bort Cissi" }).click();
    await expect
      .poll(async () => (await weekRows(anna)).map((r) => r.name).sort())
      .toEqual(["Anna", "Bosse"]);
    await cissi.goto(link);
    await cissi.getByRole("region", { name: /^Gå med i / }).waitFor();

    // Bosse leaves by himself.
    await bosse.getByRole("button", { name: "Lämna ligan" }).click();
    await bosse.getByRole("region", { name: /^Gå med i / }).waitFor();
    expect((await weekRows(bosse)).map((r) => r.name)).toEqual(["Anna"]);
  });

  it("shows a league's tables without JavaScript, and says joining needs it", async () => {
    const maker = await browser.newPage({ viewport: PHONE });
    await maker.goto("/veckans-nutidsquiz/liga");
    await maker.getByLabel("Ligans namn").fill("Utan skript");
    await maker.getByLabel("Ditt smeknamn").fill("Ture");
    await maker.getByRole("button", { name: "Skapa liga" }).click();
    await maker.getByText("Du är med som Ture.").waitFor();
    const link = maker.url();

    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Utan skript" }).waitFor();
    await page.getByRole("heading", { name: "Veckans tabell" }).waitFor();
    await page.getByText("Ligor behöver JavaScript, liksom quizet").waitFor();
    expect(await page.getByRole("button", { name: "Gå med i ligan" }).isDisabled()).toBe(true);

    const unknown = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 404/ });
    const response = await unknown.goto("/veckans-nutidsquiz/liga/AAAAAAAAAAAAAAAA");
    expect(response?.status()).toBe(404);
  });
});
