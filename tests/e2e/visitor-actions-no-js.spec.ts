import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser, signInAsAdmin } from "../support/browser";

/**
 * Skåla, 'Rapportera problem' and 'Saknar du ett quiz?' without JavaScript, on a phone: plain forms that
 * post to actions and come back with the same words the button and dialogs use with JavaScript
 * (visitor-actions.spec.ts covers those).
 */
const browser = setupBrowser();

const beerCount = async (page: Page, title: string) =>
  Number.parseInt(
    (await page
      .getByRole("button", { name: `Skåla för ${title}` })
      .locator("[data-beer-count]")
      .textContent()) ?? "",
    10,
  );

type StoredReport = { title: string; reportType: string; status: string; eventTitle?: string | null };

async function storedReports(): Promise<StoredReport[]> {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  const response = await admin.request.get("/api/admin/reports");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { reports: StoredReport[] }).reports;
}

/** The first event on home: its title and page. */
async function firstEvent(page: Page) {
  const link = page.locator("article h3 a").first();
  return { title: (await link.textContent()) ?? "", href: (await link.getAttribute("href")) ?? "" };
}

describe("without JavaScript", () => {
  it("skåla counts once, comes back to the page with its notice, then says how long to wait", async () => {
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto("/");
    const { title, href } = await firstEvent(page);
    await page.goto(href);
    const before = await beerCount(page, title);

    await page.getByRole("button", { name: `Skåla för ${title}` }).click();
    await page.waitForURL(`**${href}`);
    expect(await page.getByRole("status").filter({ hasText: "Skål! 🍻 Din skål är räknad." }).count()).toBe(
      1,
    );
    // Others may skåla meanwhile (specs running beside this one): at least this one is counted.
    const after = await beerCount(page, title);
    expect(after).toBeGreaterThanOrEqual(before + 1);
    expect(await page.getByRole("button", { name: `Skåla för ${title}` }).getAttribute("data-state")).toBe(
      "beered",
    );

    await page.getByRole("button", { name: `Skåla för ${title}` }).click();
    await page.waitForURL(`**${href}`);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: /^Du får vänta (60|59) minuter innan du kan skåla här igen! 🍻$/ })
        .count(),
    ).toBe(1);

    // The notice was for that one answer: the next visit of the page has none.
    await page.reload();
    expect(await page.locator("[data-beer-notice]").count()).toBe(0);
  });

  it("Rapportera problem opens its page; missing fields get the Swedish errors, a full report the thanks", async () => {
    const page = await browser.newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
      // The refused form is answered with a 400 page, which Chromium reports on the console.
      expectedConsoleErrors: /status of 400/,
    });
    await page.goto("/");
    const { title, href } = await firstEvent(page);
    await page.goto(href);
    await page.getByRole("button", { name: `Rapportera problem med ${title}` }).click();
    await page.waitForURL(`**${href}/rapportera*`);
    expect(await page.getByText(`Rapporterar för: ${title}`).count()).toBe(1);

    const reportTitle = `Fel tid ${Date.now().toString(36)}`;
    await page.getByLabel("Titel").fill(reportTitle);
    await page.getByRole("button", { name: "Skicka rapport" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "Fyll i alla obligatoriska fältTyp, titel och beskrivning är obligatoriska",
    );
    expect(await page.getByLabel("Titel").inputValue()).toBe(reportTitle);
    const type = page.getByLabel("Typ av problem");
    expect(await type.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Välj typ av problem.").count()).toBe(1);
    expect(await page.getByText("Beskriv problemet.").count()).toBe(1);

    await type.selectOption({ label: "Felaktig/gammal information" });
    await page.getByLabel("Beskrivning").fill("Quizet börjar numera 20:00.");
    await page.getByRole("button", { name: "Skicka rapport" }).click();
    await page.getByRole("status").filter({ hasText: "Tack för din rapport!" }).waitFor();
    expect(await page.getByRole("link", { name: `Tillbaka till ${title}` }).getAttribute("href")).toBe(href);

    const stored = (await storedReports()).find((r) => r.title === reportTitle);
    expect(stored).toMatchObject({ reportType: "incorrect_info", status: "pending", eventTitle: title });
  });

  it("Saknar du ett quiz? opens its page; a missing venue gets the error at its field, a full one the thanks", async () => {
    const page = await browser.newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
      // The refused form is answered with a 400 page, which Chromium reports on the console.
      expectedConsoleErrors: /status of 400/,
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Saknar du ett quiz?" }).click();
    await page.waitForURL("**/foresla-quiz*");
    await page.getByLabel("Stad").selectOption("Annan");
    await page.getByRole("button", { name: "Skicka förslag" }).click();
    const venue = page.getByLabel("Ställets namn");
    await expect.poll(() => venue.getAttribute("aria-invalid")).toBe("true");
    const errorId = (await venue.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe("Skriv ställets namn.");
    expect(await page.getByLabel("Stad").inputValue()).toBe("Annan");

    const name = `Skriptfria krogen ${Date.now().toString(36)}`;
    await venue.fill(name);
    await page.getByRole("button", { name: "Skicka förslag" }).click();
    const thanks = page.getByRole("status").filter({ hasText: "Tack för ditt förslag!" });
    await thanks.waitFor();
    expect(await thanks.textContent()).toContain("Vi kommer att granska ditt förslag på nytt quiz-ställe.");

    const stored = (await storedReports()).find((r) => r.title === name);
    expect(stored).toMatchObject({ reportType: "missing_quiz", status: "pending" });
  });
});
