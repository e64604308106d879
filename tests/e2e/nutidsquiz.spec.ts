import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { shiftIsoWeek } from "~/lib/time";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";

const browser = setupBrowser();

/** Anything that would reveal the answer key. */
const KEY_MARKERS = /is_?correct|correctOption|"correct"/i;

/** Records every play-API JSON body the page receives, to prove the key only arrives after answering. */
function recordPlayResponses(page: Page) {
  const bodies: { url: string; body: string }[] = [];
  page.on("response", async (response) => {
    const url = response.url();
    if (!url.includes("/api/quiz-plays") && !url.includes(".data")) return;
    bodies.push({ url, body: await response.text().catch(() => "") });
  });
  return bodies;
}

async function signInAsAdmin(page: Page) {
  await page.goto("/veckans-nutidsquiz");
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      return response.status;
    },
    { email: inject("adminEmail"), password: inject("adminPassword") },
  );
  expect(status).toBe(200);
}

async function answerCurrent(page: Page, optionIndex: number) {
  await page.locator("main ul button").nth(optionIndex).click();
  return page.getByRole("button", { name: /^(Nästa fråga|Se resultat)$/ }).waitFor();
}

describe("NutidsQuiz for visitors", () => {
  it("plays the featured seeded quiz end to end without the key reaching the browser first", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const responses = recordPlayResponses(page);
    await page.goto("/veckans-nutidsquiz");
    await page.getByText("Veckans NutidsQuiz", { exact: true }).first().waitFor();
    await page.getByRole("link", { name: "Spela nu" }).click();
    await page.waitForURL(/\/veckans-nutidsquiz\/spela\//);
    const progress = page.getByText(/^Fråga 1 av \d+$/);
    await progress.waitFor();
    const total = Number((await progress.textContent())?.match(/av (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(0);

    // The server-rendered HTML and the route data of the player carry no answer key.
    const html = await (await page.request.get(page.url())).text();
    expect(html).not.toMatch(KEY_MARKERS);
    expect(await page.content()).not.toMatch(KEY_MARKERS);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    for (let i = 0; i < total; i++) {
      await page.getByText(`Fråga ${i + 1} av ${total}`).waitFor();
      // Before this question is answered, nothing received so far reveals its key.
      const questionText = await page.locator("#question-heading").textContent();
      expect(questionText).toBeTruthy();
      const before = responses.map((r) => r.body).join("\n");
      expect(before.match(/correctOptionId/g)?.length ?? 0).toBe(i);
      await answerCurrent(page, i % 3);
      const feedback = page.getByText(/^(Rätt svar!|Fel svar\. Rätt svar: [ABC] .+)$/);
      await feedback.waitFor();
      // Earlier counted players' shares, or (for the first) the word that there are none.
      await page
        .getByText(/^(\d+ % av \d+ spelare svarade rätt|Du är först att svara på den här frågan)$/)
        .waitFor();
      await page.getByRole("button", { name: i + 1 === total ? "Se resultat" : "Nästa fråga" }).click();
    }
    const score = page.getByRole("heading", { name: new RegExp(`^Du fick \\d+ av ${total} rätt$`) });
    await score.waitFor();
    await page.getByText(new RegExp(`^Snittet är [\\d,]+ av ${total}$`)).waitFor();
    await page.getByRole("button", { name: "Tumme upp" }).click();
    await page.getByText("Tack för din röst! Du kan ändra den när du vill.").waitFor();
    await page.getByRole("button", { name: "Tumme ner" }).click();
    await expect
      .poll(() => page.getByRole("button", { name: "Tumme ner" }).getAttribute("aria-pressed"))
      .toBe("true");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // A reload of a finished play shows the result again.
    await page.reload();
    await score.waitFor();
  });

  it("shows a demo week's news source after an answer: 'Läs mer' links to the item", async () => {
    // Last week's demo quiz: no other test writes that week, so it is the seeded one.
    const lastWeek = shiftIsoWeek(nutidsQuizWeekFor(new Date()), -1);
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/veckans-nutidsquiz/arkiv");
    await page.getByRole("link", { name: `Spela NutidsQuiz vecka ${lastWeek.week}` }).click();
    await page.getByText(/^Fråga 1 av \d+$/).waitFor();
    expect(await page.locator("#question-heading").textContent()).toMatch(
      /^Vilket (ord|namn|tal) saknas i rubriken ”.+”\?$/,
    );
    // The source is shown once answered, not before.
    expect(await page.getByRole("link", { name: "Läs mer" }).count()).toBe(0);
    await answerCurrent(page, 0);
    const more = page.getByRole("link", { name: "Läs mer" });
    await more.waitFor();
    expect(await more.getAttribute("href")).toMatch(/^https:\/\/demonytt\.example\/[a-z]+\/[a-z0-9-]+$/);
    await page.getByText(/^\(Demonytt, \d{1,2} \p{L}+ \d{4}\)$/u).waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  it("resumes a play after a reload mid-quiz", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, colorScheme: "dark" });
    await page.goto("/veckans-nutidsquiz");
    await page.getByRole("link", { name: "Spela nu" }).click();
    await page.getByText(/^Fråga 1 av \d+$/).waitFor();
    await answerCurrent(page, 0);
    await page.getByRole("button", { name: "Nästa fråga" }).click();
    await answerCurrent(page, 1);
    await page.getByRole("button", { name: "Nästa fråga" }).click();
    await page.getByText(/^Fråga 3 av \d+$/).waitFor();
    await page.reload();
    await page.getByText(/^Fråga 3 av \d+$/).waitFor();
    await expect.poll(() => page.locator("main ul button").first().isEnabled()).toBe(true);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  it("answers an unknown quiz with the 404 page", async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /404/ });
    const response = await page.goto("/veckans-nutidsquiz/spela/00000000-0000-0000-0000-000000000000");
    expect(response?.status()).toBe(404);
    expect((await page.goto("/veckans-nutidsquiz/finns-inte"))?.status()).toBe(404);
  });
});

describe("NutidsQuiz administration", () => {
  it("refuses visitors: 403 'Åtkomst nekad' on management, redirect on results", async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /403/ });
    const response = await page.goto("/admin/quizzes");
    expect(response?.status()).toBe(403);
    await page.getByRole("heading", { name: "Åtkomst nekad" }).waitFor();
    expect(await page.getByRole("link", { name: "Logga in som admin" }).getAttribute("href")).toBe("/admin");
    const results = await page.request.get("/admin/quizzes/00000000-0000-0000-0000-000000000000/results", {
      maxRedirects: 0,
    });
    expect(results.status()).toBe(302);
    expect(results.headers().location).toBe("/admin?error=access_denied");
    const generate = await page.request.post("/api/admin/quizzes/generate");
    expect(generate.status()).toBe(401);
  });

  it("creates a quiz with three questions, activates it, plays it, and sees the play in results and CSV", {
    timeout: 180_000,
  }, async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAsAdmin(page);
    const title = `E2E-quiz ${Date.now().toString(36)}`;

    await page.goto("/admin/quizzes/new");
    await page.getByRole("heading", { name: "Quiz Information" }).waitFor();
    expect(await page.getByRole("heading", { name: "Frågor" }).count()).toBe(0);
    await page.getByLabel("Titel").fill(title);
    expect(await page.getByLabel("Vecka (NutidsQuiz)").count()).toBe(1);
    await page.getByLabel("Kategori").selectOption("KulturQuiz");
    // The week is a NutidsQuiz's alone.
    await expect.poll(() => page.getByLabel("Vecka (NutidsQuiz)").count()).toBe(0);
    await page.getByLabel("Svårighetsgrad").selectOption("easy");
    await page.getByLabel("Beskrivning").fill("Tre frågor skapade i redigeraren.");
    await page.getByRole("button", { name: "Skapa Quiz" }).click();
    await page.getByText("Quiz skapad").waitFor();
    await page.waitForURL(/\/admin\/quizzes\/[0-9a-f-]+\/edit$/);
    const quizId = page.url().split("/").at(-2) as string;
    await page.getByText('Inga frågor tillagda än. Klicka på "Lägg till fråga" för att börja.').waitFor();

    const questions = [
      {
        text: "Vem skrev Röda rummet?",
        options: ["Selma Lagerlöf", "August Strindberg", "Vilhelm Moberg"],
        correct: "B",
      },
      { text: "Vilken stad ligger vid Göta älv?", options: ["Göteborg", "Malmö", "Uppsala"], correct: "A" },
      { text: "Hur många strängar har en vanlig gitarr?", options: ["Fyra", "Fem", "Sex"], correct: null },
    ];
    for (const q of questions) {
      await page.getByRole("link", { name: "Lägg till fråga" }).click();
      const form = page.getByRole("form", { name: "Ny fråga" });
      await form.getByLabel("Fråga", { exact: true }).fill(q.text);
      for (const [i, letter] of ["A", "B", "C"].entries())
        await form.getByLabel(`Svar ${letter}`, { exact: true }).fill(q.options[i]!);
      // The third option is preselected as correct.
      expect(await form.getByLabel("Rätt svar C", { exact: true }).isChecked()).toBe(true);
      if (q.correct) await form.getByLabel(`Rätt svar ${q.correct}`, { exact: true }).check();
      await form.getByRole("button", { name: "Spara" }).click();
      await form.waitFor({ state: "detached" });
      await page.getByRole("article", { name: `Fråga ${questions.indexOf(q) + 1}` }).waitFor();
    }
    await page.getByRole("article", { name: "Fråga 3" }).getByText("Sex").waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Move the last question to the top, then activate the quiz.
    await page.getByRole("button", { name: "Flytta upp fråga 3" }).click();
    await expect
      .poll(() => page.getByRole("article", { name: "Fråga 2" }).textContent(), { timeout: 20_000 })
      .toContain("Hur många strängar");
    await page.getByRole("switch", { name: "Aktiv" }).click();
    await page.getByRole("button", { name: "Uppdatera Quiz" }).click();
    await page.getByText("Quiz uppdaterat").waitFor();

    await page.goto("/admin/quizzes");
    const card = page.getByRole("article", { name: title });
    await card.getByText("Aktiv", { exact: true }).waitFor();

    // A visitor (another browser context) finds it on the public list and plays it: 2 of 3 right.
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto("/veckans-nutidsquiz?kategori=kulturquiz");
    await visitor.getByRole("link", { name: title }).click();
    // The list shows the title as a card heading too: wait for the quiz page's own h1 before 'Spela'
    // (the list's featured quiz has a 'Spela' link of its own).
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    await visitor.getByRole("link", { name: "Spela" }).click();
    await visitor.waitForURL(/\/veckans-nutidsquiz\/spela\//);
    const picks = ["August Strindberg", "Fyra", "Göteborg"];
    for (const [i, pick] of picks.entries()) {
      await visitor.getByText(`Fråga ${i + 1} av 3`).waitFor();
      await visitor.getByRole("button", { name: new RegExp(`^[ABC] ${pick}$`) }).click();
      await visitor.getByRole("button", { name: i === 2 ? "Se resultat" : "Nästa fråga" }).click();
    }
    await visitor.getByRole("heading", { name: "Du fick 2 av 3 rätt" }).waitFor();
    await visitor.getByText("Snittet är 2 av 3").waitFor();
    await visitor.getByRole("button", { name: "Tumme upp" }).click();
    await visitor.getByText(/^Tack för din röst!/).waitFor();

    await page.goto(`/admin/quizzes/${quizId}/results`);
    await page.getByRole("heading", { name: `Resultat: ${title}` }).waitFor();
    const summary = page.locator("dl");
    await expect.poll(() => summary.textContent()).toContain("Avslutade1");
    expect(await summary.textContent()).toContain("Snittpoäng2 av 3");
    expect(await summary.textContent()).toContain("Tumme upp1");
    await page.getByRole("list", { name: "Poängfördelning" }).getByLabel("2 rätt: 1 spelare").waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportera CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quiz-e2e-quiz-[a-z0-9]+-resultat-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Spel-ID;Besökar-ID;Startad;Avslutad;Poäng;Antal frågor;Räknas i statistiken;Fråga 1;Fråga 2;Fråga 3",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/;\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};2;3;Ja;1;0;1$/);

    // Delete it again, through the confirmation dialog.
    await page.goto("/admin/quizzes");
    await page.getByRole("button", { name: `Radera ${title}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Är du säker?" });
    await dialog.getByText("Denna åtgärd kan inte ångras. Vill du verkligen radera detta quiz?").waitFor();
    await dialog.getByRole("button", { name: "Radera" }).click();
    await page.getByText("Quiz raderat").waitFor();
    await page.getByRole("article", { name: title }).waitFor({ state: "detached" });
  });

  it("adds, edits and deletes a question with JavaScript off, on a phone", { timeout: 90_000 }, async () => {
    const page = await browser.newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
      expectedConsoleErrors: /400/,
    });
    await signInAsAdmin(page);
    await page.goto("/admin/quizzes/new");
    await page.getByLabel("Titel").fill(`Utan skript ${Date.now().toString(36)}`);
    await page.getByLabel("Kategori").selectOption("KulturQuiz");
    await page.getByRole("button", { name: "Skapa Quiz" }).click();
    await page.waitForURL(/\/admin\/quizzes\/[0-9a-f-]+\/edit/);

    await page.getByRole("link", { name: "Lägg till fråga" }).click();
    const form = page.getByRole("form", { name: "Ny fråga" });
    // Refused on the server, the form stays open with the message beside the answers.
    await form.getByLabel("Fråga", { exact: true }).fill("Vilken färg har en kanariefågel?");
    await form.getByRole("button", { name: "Spara" }).click();
    await page.getByRole("form", { name: "Ny fråga" }).getByText(/svar/i).first().waitFor();
    await page
      .getByRole("form", { name: "Ny fråga" })
      .getByLabel("Fråga", { exact: true })
      .fill("Vilken färg har en kanariefågel?");
    for (const [letter, text] of [
      ["A", "Gul"],
      ["B", "Blå"],
      ["C", "Röd"],
    ] as const)
      await page
        .getByRole("form", { name: "Ny fråga" })
        .getByLabel(`Svar ${letter}`, { exact: true })
        .fill(text);
    await page.getByRole("form", { name: "Ny fråga" }).getByLabel("Rätt svar A", { exact: true }).check();
    await page.getByRole("form", { name: "Ny fråga" }).getByRole("button", { name: "Spara" }).click();
    await page.getByRole("article", { name: "Fråga 1" }).getByText("Gul").waitFor();
    expect(await page.getByRole("form", { name: "Ny fråga" }).count()).toBe(0);

    await page.getByRole("link", { name: "Redigera fråga 1" }).click();
    const edit = page.getByRole("form", { name: "Redigera fråga" });
    await edit.getByLabel("Fråga", { exact: true }).fill("Vilken färg har en kanariefågel oftast?");
    await edit.getByRole("button", { name: "Uppdatera" }).click();
    await page.getByRole("article", { name: "Fråga 1" }).getByText("oftast").waitFor();

    await page.getByRole("link", { name: "Radera fråga 1" }).click();
    await page.getByRole("form", { name: "Radera fråga 1" }).getByRole("button", { name: "Radera" }).click();
    await page.getByText('Inga frågor tillagda än. Klicka på "Lägg till fråga" för att börja.').waitFor();

    // The quiz keeps a question (other tests read the newest quiz's results per question).
    await page.getByRole("link", { name: "Lägg till fråga" }).click();
    const again = page.getByRole("form", { name: "Ny fråga" });
    await again.getByLabel("Fråga", { exact: true }).fill("Vilken fågel är gul?");
    for (const [letter, text] of [
      ["A", "Kanariefågel"],
      ["B", "Kråka"],
      ["C", "Skata"],
    ] as const)
      await again.getByLabel(`Svar ${letter}`, { exact: true }).fill(text);
    await again.getByLabel("Rätt svar A", { exact: true }).check();
    await again.getByRole("button", { name: "Spara" }).click();
    await page.getByRole("article", { name: "Fråga 1" }).getByText("Kanariefågel").waitFor();
  });

  it("keeps one NutidsQuiz a week: a second generation opens the week's quiz instead of making another", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInAsAdmin(page);
    await page.goto("/admin/quizzes");
    const label = `NutidsQuiz vecka ${nutidsQuizWeekFor(new Date()).week}`;
    const weekQuizzes = page.getByRole("article", { name: label, exact: true });
    // The demo has this week's quiz already (the Sunday job's): pressing generate opens it.
    await weekQuizzes.first().waitFor();
    await page.getByRole("button", { name: "Generera veckans NutidsQuiz" }).click();
    await page.getByText(`${label} finns redan och öppnas`).waitFor();
    await page.waitForURL(/\/admin\/quizzes\/[0-9a-f-]+\/edit$/);
    await page.goto("/admin/quizzes");
    await weekQuizzes.first().waitFor();
    expect(await weekQuizzes.count()).toBe(1);
  });
});
