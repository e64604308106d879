import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin, waitForToast } from "../support/browser";
import { setPageNow } from "../support/event-dates";

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
    // The router changes the address first and React renders the new heading right after; with the press
    // held for the listing's code (ui/deferred.tsx) the two can be read in between.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Pubquiz i Göteborg");
    await expect.poll(() => headerCity(page)).toBe("Göteborg");
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

/** The number in the listing's heading ('12 quiz' or '12 quiz för ”…”'). */
async function listedCount(page: Page): Promise<number> {
  const text = await page.getByRole("heading", { level: 2, name: /^\d+ quiz/ }).textContent();
  return Number(/^(\d+)/.exec(text ?? "")?.[1]);
}

const chipCount = async (page: Page, name: string) =>
  Number(
    /(\d+)$/.exec(
      (await page.getByRole("button", { name: new RegExp(`^${name} \\d+$`) }).textContent()) ?? "",
    )?.[1],
  );

describe("search", () => {
  it("folds å/ä/ö and case, forgives typos, and counts what it finds", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/");
    const all = await listedCount(page);
    for (const [query, expected] of [
      ["goteborg", "Göteborg"],
      ["GÖTEBORG", "Göteborg"],
      ["svanvik", "Svanevik"],
      ["svanevk", "Svanevik"],
      ["kompasen", "Kompassen"],
    ] as const) {
      await page.goto(`/?q=${encodeURIComponent(query)}`);
      await expect.poll(() => listedCount(page)).toBeGreaterThan(0);
      expect(await page.locator("main article").first().textContent()).toContain(expected);
    }
    await page.goto("/?q=goteborg");
    const found = await listedCount(page);
    expect(found).toBeLessThan(all);
    // The chips count within the search, and the lead line counts what is shown.
    await expect.poll(() => chipCount(page, "Göteborg")).toBe(found);
    expect(await chipCount(page, "Stockholm")).toBe(0);
    expect(await page.getByText(/quizkvällar på pubar/).textContent()).toMatch(
      new RegExp(`^${found} quizkvällar`),
    );
    await page.getByRole("button", { name: /^Göteborg \d+$/ }).click();
    await page.getByRole("button", { name: /^MusikQuiz \d+$/ }).click();
    await expect.poll(() => listedCount(page)).toBe(await chipCount(page, "MusikQuiz"));

    // With no city, type or day chosen, the empty result asks for another word rather than other filters.
    await page.goto("/?q=zqxzqx");
    await page.getByText("Inga event hittades").waitFor();
    await page.getByText("Prova ett annat sökord, eller kolla stavningen.").waitFor();
    expect(await page.getByText("Prova att ändra eller rensa filtren.").count()).toBe(0);
    await page.goto("/?cities=malmo&q=zqxzqx");
    await page.getByText("Prova att ändra eller rensa filtren.").waitFor();
  });

  it("the open search row on a phone pushes the heading down instead of covering it", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/");
    await page.getByRole("button", { name: "Sök Quiz" }).click();
    const field = page.getByRole("searchbox", { name: "Sök Quiz" });
    await field.waitFor();
    const row = await field.boundingBox();
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect((row?.y ?? 0) + (row?.height ?? 0)).toBeLessThanOrEqual(heading?.y ?? 0);
    await screenshot(page, "search-open-390");
  });
});

describe("without JavaScript", () => {
  it("the city, type and weekday chips, Kort/Lista and the search are forms the server answers", async () => {
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("button", { name: /^Malmö \d+$/ }).click();
    await page.waitForURL((url) => url.search === "?cities=malmo");
    expect(await page.getByRole("button", { name: /^Malmö \d+$/ }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: /^Quiz \d+$/ }).click();
    await page.waitForURL(/types=Quiz/);
    await page.getByRole("button", { name: /^Tisdag \d+$/ }).click();
    await page.waitForURL(/weekdays=tisdag/);
    const tuesdays = await chipCount(page, "Tisdag");
    expect(await listedCount(page)).toBe(tuesdays);
    await page.getByRole("button", { name: "Lista" }).click();
    await page.waitForURL(/view=list/);
    expect(await page.getByRole("button", { name: "Lista" }).getAttribute("aria-pressed")).toBe("true");

    // The search keeps the filter: the toggle opens the row, Enter sends the text.
    await page.getByRole("button", { name: "Sök Quiz" }).click();
    const field = page.getByRole("searchbox", { name: "Sök Quiz" });
    await field.fill("zqxzqx");
    await field.press("Enter");
    await page.waitForURL(/q=zqxzqx/);
    expect(new URL(page.url()).searchParams.get("cities")).toBe("malmo");
    await page.getByText("Inga event hittades").waitFor();
    await page.getByRole("button", { name: "Rensa filter" }).click();
    await page.waitForURL((url) => url.search === "?view=list");
    await page.getByRole("button", { name: "Sök Quiz" }).click();
    await page.getByRole("button", { name: "Stäng sök" }).click();
    await page.waitForURL((url) => url.search === "?view=list");
  });
});

describe("layout", () => {
  it("keeps the promo bubble clear of the list's skåla counts at 390 px", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/?view=list");
    const bubble = page.locator('aside[aria-label="Veckans NutidsQuiz"] button').last();
    await bubble.waitFor();
    const overlaps = async () =>
      page.evaluate(() => {
        const a = document
          .querySelector('aside[aria-label="Veckans NutidsQuiz"] button')
          ?.getBoundingClientRect();
        if (!a) return ["no bubble"];
        return [...document.querySelectorAll("main article button")]
          .map((b) => b.getBoundingClientRect())
          .filter((b) => !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top))
          .map((b) => `${b.left},${b.top}`);
      });
    // Every 40 px of the first screens: each row passes the bubble's height on the way.
    for (let y = 0; y <= 1600; y += 40) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await overlaps(), `scrolled to ${y}`).toEqual([]);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "list-bubble-390");
  });

  it("keeps 'Mer info' inside its card at 1280 px, and drops view=list where Kort/Lista is hidden", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/?cities=goteborg");
    await page.locator("main article").first().waitFor();
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll("main article")].flatMap((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll("a, button")]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
          .map((r) => `${r.left}-${r.right} outside ${box.left}-${box.right}`);
      }),
    );
    expect(outside).toEqual([]);
    await screenshot(page, "cards-1280");
    await page.goto("/?cities=goteborg&view=list");
    await page.waitForURL((url) => url.search === "?cities=goteborg");
    for (const viewport of [PHONE, DESKTOP]) {
      const dark = await browser.newPage({ viewport, colorScheme: "dark" });
      await dark.goto("/?cities=goteborg&types=Quiz&weekdays=tisdag");
      await dark.locator("main article").first().waitFor();
      await screenshot(dark, `cards-${viewport.width}-dark`);
    }
  });
});

describe("forms", () => {
  it("an empty 'Rapportera problem' shows the errors at the fields and focuses the first, as the suggestion does", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/");
    await page
      .getByRole("button", { name: /^Rapportera problem med / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Rapportera problem" });
    await dialog.getByRole("button", { name: "Skicka rapport" }).click();
    await page.getByText("Fyll i alla obligatoriska fält").waitFor();
    const type = dialog.getByLabel("Typ av problem");
    await expect.poll(() => type.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const [label, error] of [
      ["Typ av problem", "Välj typ av problem."],
      ["Titel", "Skriv en titel."],
      ["Beskrivning", "Beskriv problemet."],
    ] as const) {
      const control = dialog.getByLabel(label);
      expect(await control.getAttribute("aria-invalid")).toBe("true");
      expect(await control.evaluate((el) => el.getAttribute("aria-describedby"))).toBeTruthy();
      await dialog.getByText(error).waitFor();
    }
    await screenshot(page, "report-errors-390");
    // An error goes as soon as its field is filled; the next send focuses the first still empty one.
    await dialog.getByLabel("Titel").fill("Fel tid");
    expect(await dialog.getByText("Skriv en titel.").count()).toBe(0);
    await type.selectOption({ label: "Annat" });
    await dialog.getByRole("button", { name: "Skicka rapport" }).click();
    await expect
      .poll(() => dialog.getByLabel("Beskrivning").evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Saknar du ett quiz?" }).click();
    const suggestion = page.getByRole("dialog", { name: "Föreslå ett quizställe" });
    await suggestion.getByLabel("Ställets namn").focus();
    await page.keyboard.press("Tab");
    await suggestion.getByText("Skriv ställets namn.").waitFor();
    expect(await suggestion.getByLabel("Ställets namn").getAttribute("aria-invalid")).toBe("true");
  });

  it("the new-quiz form's image hint speaks of no current image; generate names the NutidsQuiz and says what it made", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 502/ });
    await signInAsAdmin(page);
    await page.goto("/admin/quizzes/new");
    await page.getByText("JPEG, PNG eller WebP. Valfritt.").waitFor();
    expect(await page.getByText("Lämna tomt för att behålla nuvarande bild").count()).toBe(0);

    // A Sunday of a week no other test touches: the first press drafts its quiz, the second opens the draft.
    await setPageNow(page, "2027-03-07T10:00:00.000Z");
    await page.goto("/admin/quizzes");
    const generate = page.getByRole("button", { name: "Generera veckans NutidsQuiz" });
    await generate.click();
    await waitForToast(page, "NutidsQuiz vecka 10 har skapats");
    await page.getByRole("article", { name: "NutidsQuiz vecka 10", exact: true }).waitFor();
    expect(page.url()).toMatch(/\/admin\/quizzes$/);
    await generate.click();
    await waitForToast(page, "NutidsQuiz vecka 10 finns redan som utkast och öppnas");
    await page.waitForURL(/\/admin\/quizzes\/[0-9a-f-]+\/edit$/);
    const editorUrl = new URL(page.url());

    // A press that never reaches the server says so, and the list stays.
    await page.goto("/admin/quizzes");
    await page.route(/\/admin\/quizzes\.data/, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" })
        : route.fallback(),
    );
    await generate.click();
    await waitForToast(page, "Failed to trigger quiz generation");
    await page.getByRole("article", { name: "NutidsQuiz vecka 10", exact: true }).waitFor();
    await page.unroute(/\/admin\/quizzes\.data/);

    // The draft goes again, through the list's own delete.
    const quizId = editorUrl.pathname.split("/").at(-2) as string;
    const deleted = await page.request.post("/admin/quizzes", {
      form: { intent: "delete", quizId },
      headers: { Origin: inject("baseUrl") },
    });
    expect(deleted.ok()).toBe(true);
  });
});

describe("admin results", () => {
  it("labels players 'Spelare N' with the id on hover, and shows every summary tile whole", async () => {
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto("/veckans-nutidsquiz");
    await visitor.getByRole("link", { name: "Spela nu" }).click();
    await visitor.waitForURL(/\/spela\//);
    const quizId = new URL(visitor.url()).pathname.split("/").at(-1) as string;
    const progress = visitor.getByText(/^Fråga 1 av \d+$/);
    await progress.waitFor();
    const total = Number((await progress.textContent())?.match(/av (\d+)/)?.[1]);
    for (let i = 1; i <= total; i++) {
      await visitor.getByText(`Fråga ${i} av ${total}`).waitFor();
      await expect.poll(() => visitor.locator("main ul button").first().isEnabled()).toBe(true);
      await visitor.locator("main ul button").first().click();
      await visitor.getByRole("button", { name: i < total ? "Nästa fråga" : "Se resultat" }).click();
    }
    await visitor.getByRole("heading", { name: /^Du fick \d+ av \d+ rätt$/ }).waitFor();

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport });
      await signInAsAdmin(page);
      await page.goto(`/admin/quizzes/${quizId}/results`);
      const table = page.getByRole("table").last();
      await table.getByRole("columnheader", { name: "Spelare" }).waitFor();
      const cells = table.locator("tbody td:nth-child(2) span");
      expect(await cells.count()).toBeGreaterThan(0);
      for (const text of await cells.allTextContents()) expect(text).toMatch(/^Spelare \d+$/);
      expect(await cells.first().getAttribute("title")).toMatch(/^Besökar-id \S+$/);
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll("dl > div")]
          .filter((tile) => [...tile.children].some((el) => el.scrollWidth > el.clientWidth))
          .map((tile) => tile.textContent),
      );
      expect(clipped).toEqual([]);
      await screenshot(page, `results-${viewport.width}`);
    }
  });
});

describe("fortnightly and monthly quizzes", () => {
  const FRIDAY = "2026-11-27T10:00:00.000Z";

  it("say how often and their next date, and 'samma dag' lists only the quizzes on that date", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.context().addCookies([{ name: "quizkvall_now", value: FRIDAY, url: inject("baseUrl") }]);
    await page.clock.setFixedTime(new Date(FRIDAY));
    await page.goto("/?cities=goteborg&types=Quiz&weekdays=tisdag&view=list");
    const lineOf = async (title: string) => {
      const row = page.locator("main article").filter({ hasText: title });
      await row.first().waitFor();
      return (await row.first().locator("[data-when]").textContent()) ?? "";
    };
    // On a weekday filter the line names the day's rhythm; the weekly ones stay 'Tisdagar'.
    const fortnightly = await lineOf("Quizkväll på Pub Fyrlyktan");
    const monthly = await lineOf("Månadsquizet på Tre Tunnor");
    expect(fortnightly).toMatch(/^Varannan tisdag \d\d:\d\d · nästa \d+ [a-z]+\.$/);
    expect(monthly).toMatch(
      /^(Första|Andra|Tredje|Fjärde|Sista) tisdagen i månaden \d\d:\d\d · nästa \d+ [a-z]+\.$/,
    );
    const lines = await page.locator("main article [data-when]").allTextContents();
    expect(lines.filter((l) => l.startsWith("Tisdagar")).length).toBeGreaterThan(0);
    await screenshot(page, "rhythm-list-390");
    // And on the plain listing too.
    await page.goto("/?cities=goteborg");
    expect(await lineOf("Månadsquizet på Tre Tunnor")).toBe(monthly);

    // A weekly Tuesday quiz's page: its next night is Tuesday 1 December; the others listed are on that date.
    const nextOf = (line: string) => /nästa (.+)$/.exec(line)?.[1];
    await page.goto("/quiz/goteborg/tisdag");
    const weekly = page
      .locator("main article")
      .filter({ has: page.locator("[data-when]", { hasText: /^Tisdagar/ }) })
      .first();
    await weekly.getByRole("link", { name: /^Mer info/ }).click();
    await page.waitForURL(/\/quiz\/goteborg\/(?!tisdag$)[^/]+$/);
    const section = page.getByRole("region", { name: "Fler quiz i Göteborg samma dag" });
    await section.waitFor();
    const titles = await section.locator("article h3").allTextContents();
    expect(titles.includes("Quizkväll på Pub Fyrlyktan")).toBe(nextOf(fortnightly) === "1 dec.");
    expect(titles.includes("Månadsquizet på Tre Tunnor")).toBe(nextOf(monthly) === "1 dec.");
    for (const line of await section.locator("[data-when]").allTextContents())
      expect(line).toMatch(/^(Tisdagar|Varannan tisdag|.+ tisdagen i månaden|Flera dagar)/);
  });
});
