import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { formatIsoWeek, shiftIsoWeek } from "~/lib/time";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin } from "../support/browser";

const browser = setupBrowser();

const QUESTIONS = [
  { text: "Vilken stad ligger vid Göta älv?", options: ["Göteborg", "Malmö", "Uppsala"], correct: 0 },
  { text: "Hur många ben har en spindel?", options: ["Sex", "Åtta", "Tio"], correct: 1 },
  { text: "Vilket hav ligger öster om Sverige?", options: ["Nordsjön", "Atlanten", "Östersjön"], correct: 2 },
];

/**
 * A NutidsQuiz of an earlier week made through the editor's own form posts (as the editor page sends them
 * without JavaScript), published at once: nobody has played it, so its first player is the test's.
 */
async function createPastWeeklyQuiz(admin: APIRequestContext, title: string): Promise<string> {
  const origin = { Origin: inject("baseUrl") };
  const week = formatIsoWeek(shiftIsoWeek(nutidsQuizWeekFor(new Date()), -3));
  const created = await admin.post("/admin/quizzes/new", {
    form: { intent: "save-quiz", title, category: "NutidsQuiz", difficulty: "medium", week },
    headers: origin,
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const quizId = /\/admin\/quizzes\/([0-9a-f-]+)\/edit/.exec(created.headers().location ?? "")?.[1];
  if (!quizId) throw new Error(`no quiz id in ${created.headers().location}`);
  for (const q of QUESTIONS) {
    const added = await admin.post(`/admin/quizzes/${quizId}/edit`, {
      form: {
        intent: "add-question",
        questionText: q.text,
        optionA: q.options[0]!,
        optionB: q.options[1]!,
        optionC: q.options[2]!,
        correct: String(q.correct),
      },
      headers: origin,
    });
    expect(added.status()).toBe(200);
  }
  const published = await admin.post(`/admin/quizzes/${quizId}/edit`, {
    form: { intent: "save-quiz", title, category: "NutidsQuiz", difficulty: "medium", week, isActive: "on" },
    headers: origin,
  });
  expect(published.status()).toBe(200);
  return quizId;
}

/** Captures what the page hands to the Web Share API. */
async function captureShares(page: Page) {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, "share", {
      value: async (data: unknown) => {
        shared.push(data);
      },
      configurable: true,
    });
  });
}

/**
 * axe's label-content-name-mismatch (WCAG 2.5.3) is experimental, so off in a default run: run it on its own
 * over the answer options, and make sure it ran.
 */
async function expectNamesStartWithWhatIsSeen(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("main ul")
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withRules(["label-content-name-mismatch"])
    .analyze();
  expect(results.violations).toEqual([]);
  expect([...results.passes, ...results.inapplicable, ...results.incomplete].map((r) => r.id)).toContain(
    "label-content-name-mismatch",
  );
}

async function next(page: Page, isLast: boolean) {
  await page.getByRole("button", { name: isLast ? "Se resultat" : "Nästa fråga" }).click();
}

describe("NutidsQuiz as a weekly habit", () => {
  it("plays a quiz to the end on a phone: the first player's feedback, the review, a share text without answers, the percentile, a report", {
    timeout: 180_000,
  }, async () => {
    const adminPage = await browser.newPage({ viewport: DESKTOP });
    await signInAsAdmin(adminPage);
    const title = `E2E-vecka ${Date.now().toString(36)}`;
    const quizId = await createPastWeeklyQuiz(adminPage.request, title);

    // The first player: 1 of 3 right.
    const first = await browser.newPage({ viewport: PHONE });
    await captureShares(first);
    await first.goto(`/veckans-nutidsquiz/spela/${quizId}`);
    const firstPicks = ["Göteborg", "Sex", "Atlanten"];
    for (const [i, pick] of firstPicks.entries()) {
      await first.getByText(`Fråga ${i + 1} av 3`).waitFor();
      if (i === 0) await expectNamesStartWithWhatIsSeen(first);
      await first.getByRole("button", { name: new RegExp(`^[ABC] ${pick}$`) }).click();
      // Nobody has played before: the feedback says so, and no option shows a share.
      await first.getByText("Du är först att svara på den här frågan").waitFor();
      expect(await first.locator("main ul").textContent()).not.toMatch(/%/);
      await next(first, i === 2);
    }
    await first.getByRole("heading", { name: "Du fick 1 av 3 rätt" }).waitFor();
    await first.getByText("Du är först att spela det här quizet").waitFor();
    await first.getByText("Nästa NutidsQuiz på söndag").waitFor();

    // The review: every question, the answer given, the right one where it was wrong.
    const review = first.getByRole("region", { name: "Dina svar" });
    const items = review.getByRole("listitem");
    expect(await items.count()).toBe(3);
    for (const [i, q] of QUESTIONS.entries()) {
      const itemText = await items.nth(i).textContent();
      expect(itemText).toContain(q.text);
      expect(itemText).toContain(`Ditt svar: ${firstPicks[i]}`);
      if (firstPicks[i] !== q.options[q.correct])
        expect(itemText).toContain(`Rätt svar: ${q.options[q.correct]}`);
    }

    // The share text: the quiz, the score, one square per question, the link; no answer, at most 280.
    await first.getByRole("button", { name: "Dela" }).click();
    await expect
      .poll(() => first.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared.length))
      .toBe(1);
    const shared = (
      await first.evaluate(() => (window as unknown as { __shared: { text: string }[] }).__shared[0])
    )?.text;
    if (!shared) throw new Error("nothing was shared");
    expect(shared.length).toBeLessThanOrEqual(280);
    expect(shared).toContain(`${title} – 1 av 3 rätt`);
    expect(shared).toContain("🟩🟥🟥");
    expect(shared).toMatch(/\n(https?:\/\/\S+\/veckans-nutidsquiz\/e2e-vecka-[a-z0-9]+)$/);
    for (const q of QUESTIONS) for (const option of q.options) expect(shared).not.toContain(option);
    // What is shared is what the page showed.
    expect(await first.getByTestId("share-text").textContent()).toBe(shared);
    expect((await new AxeBuilder({ page: first }).analyze()).violations).toEqual([]);

    // The second player sees the first one in the shares, and where they stand at the end.
    const second = await browser.newPage({ viewport: PHONE, colorScheme: "dark" });
    await second.goto(`/veckans-nutidsquiz/spela/${quizId}`);
    await second.getByText("Fråga 1 av 3").waitFor();
    await second.getByRole("button", { name: /^[ABC] Göteborg$/ }).click();
    await second.getByText("100 % av 1 spelare svarade rätt").waitFor();
    expect(await second.getByRole("button", { name: /^A Göteborg 100 % – rätt svar$/ }).count()).toBe(1);
    expect(await second.getByRole("button", { name: /^B Malmö 0 %$/ }).count()).toBe(1);
    await expectNamesStartWithWhatIsSeen(second);
    // "Rapportera frågan": the player says the answer is wrong.
    await second.getByRole("button", { name: "Rapportera frågan" }).click();
    await second.getByRole("button", { name: "Fel svar" }).click();
    await second.getByText("Tack! Frågan är rapporterad: fel svar.").waitFor();
    await next(second, false);
    await second.getByRole("button", { name: /^[ABC] Åtta$/ }).click();
    await second.getByText("0 % av 1 spelare svarade rätt").waitFor();
    await next(second, false);
    await second.getByRole("button", { name: /^[ABC] Östersjön$/ }).click();
    await next(second, true);
    await second.getByRole("heading", { name: "Du fick 3 av 3 rätt" }).waitFor();
    await second.getByText("Bättre än 100 % av spelarna").waitFor();
    await second
      .getByRole("region", { name: "Dina svar" })
      .getByText("100 % av 1 spelare svarade rätt")
      .first()
      .waitFor();
    expect((await new AxeBuilder({ page: second }).analyze()).violations).toEqual([]);

    // The quiz page shows each player's own standing; the admin results show the report and percentiles.
    await first.goto(`/veckans-nutidsquiz/e2e-vecka-${title.split(" ")[1]}`);
    await first.getByText("Ditt resultat: 1 av 3 rätt").waitFor();
    await first.getByText(/Bättre än 0 % av spelarna/).waitFor();
    await adminPage.goto(`/admin/quizzes/${quizId}/results`);
    const row = adminPage.getByRole("row").filter({ hasText: QUESTIONS[0]!.text });
    await expect.poll(() => row.textContent()).toContain("1 fel svar");
    const plays = adminPage.getByRole("table").last();
    expect(await plays.textContent()).toContain("100 %");
  });

  it("lists past weeks in the archive and plays one; this week's quiz keeps the streak over a missed week", {
    timeout: 180_000,
  }, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/veckans-nutidsquiz");
    await page.getByRole("link", { name: "Tidigare veckors NutidsQuiz" }).click();
    await page.getByRole("heading", { level: 1, name: "NutidsQuiz-arkivet" }).waitFor();
    const thisWeek = nutidsQuizWeekFor(new Date());
    const lastWeek = shiftIsoWeek(thisWeek, -1);
    // The demo's quiz of last week is in the archive, with its dates; this week's is not.
    await page.getByText(new RegExp(`^Vecka ${lastWeek.week} · `)).waitFor();
    expect(await page.getByText(new RegExp(`^Vecka ${thisWeek.week} · `)).count()).toBe(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole("link", { name: `Spela NutidsQuiz vecka ${lastWeek.week}` }).click();
    const progress = page.getByText(/^Fråga 1 av \d+$/);
    await progress.waitFor();
    const total = Number((await progress.textContent())?.match(/av (\d+)/)?.[1]);
    for (let i = 0; i < total; i++) {
      await page.getByText(`Fråga ${i + 1} av ${total}`).waitFor();
      await page.locator("main ul button").first().click();
      await next(page, i + 1 === total);
    }
    await page.getByRole("heading", { name: new RegExp(`^Du fick \\d+ av ${total} rätt$`) }).waitFor();
    await page.getByText("Nästa NutidsQuiz på söndag").waitFor();
    // An old week played from the archive is no week in a row.
    expect(await page.getByText(/ i rad/).count()).toBe(0);

    // This week's quiz, after two weeks played in this browser and last week missed: the missed week is
    // forgiven (a freeze), so three weeks in a row, and no freeze left for next week.
    await page.evaluate(
      (weeks) => window.localStorage.setItem("quizkvall_nutidsquiz_veckor", JSON.stringify(weeks)),
      [formatIsoWeek(shiftIsoWeek(thisWeek, -3)), formatIsoWeek(shiftIsoWeek(thisWeek, -2))],
    );
    await page.goto("/veckans-nutidsquiz");
    await page.getByRole("link", { name: "Spela nu" }).click();
    await page.getByText(/^Fråga 1 av \d+$/).waitFor();
    const featuredTotal = Number(
      (await page.getByText(/^Fråga 1 av \d+$/).textContent())?.match(/av (\d+)/)?.[1],
    );
    for (let i = 0; i < featuredTotal; i++) {
      await page.getByText(`Fråga ${i + 1} av ${featuredTotal}`).waitFor();
      await page.locator("main ul button").nth(1).click();
      await next(page, i + 1 === featuredTotal);
    }
    await page.getByText("3 veckor i rad – ingen frysning kvar").waitFor();
  });

  it("gives quiz pages an Open Graph image that renders", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/veckans-nutidsquiz");
    await page.getByRole("link", { name: "Om quizet" }).click();
    await page.getByRole("link", { name: "Spela", exact: true }).waitFor();
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/^https?:\/\/[^/]+\/og\/quiz\/[0-9a-f-]+\/[0-9a-f]{12}\.png$/);
    const response = await page.request.get(image ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await response.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    // The player's page carries the same card.
    await page.getByRole("link", { name: "Spela", exact: true }).click();
    await page.getByText(/^Fråga 1 av \d+$/).waitFor();
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(image);
  });
});
