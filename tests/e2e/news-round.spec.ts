import AxeBuilder from "@axe-core/playwright";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser, signInAsAdmin } from "../support/browser";

const browser = setupBrowser();

/** This week's NutidsQuiz's address (/veckans-nutidsquiz/{titleSlug}), from its own list page. */
async function weeklyQuizPath(): Promise<string> {
  const page = await browser.newPage({ viewport: PHONE });
  await page.goto("/veckans-nutidsquiz");
  const href = await page.getByRole("link", { name: "Om quizet" }).first().getAttribute("href");
  if (!href) throw new Error("no weekly quiz on /veckans-nutidsquiz");
  return href;
}

describe("Veckans nyhetsrunda", () => {
  it("is linked from the host area, prints with the answers on their own page, and downloads as a PDF", async () => {
    const quizPath = await weeklyQuizPath();
    const page = await browser.newPage({ viewport: PHONE });
    await signInAsAdmin(page);
    await page.goto("/quizvard");
    await page.getByRole("link", { name: "Öppna nyhetsrundan" }).click();
    await page.getByRole("heading", { level: 1, name: "Veckans nyhetsrunda" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${quizPath}/runda`);
    const answers = page.getByRole("region", { name: "Svar" });
    expect(await answers.getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await answers.getByRole("listitem").first().textContent()).toMatch(/^1\. [ABC] \S/);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // On paper: no site header or buttons, and the answers start a new page.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Ladda ner PDF" }).isVisible()).toBe(false);
    expect(await answers.evaluate((el) => getComputedStyle(el).breakBefore)).toBe("page");
    await page.emulateMedia({ media: "screen" });

    const pdfHref = await page.getByRole("link", { name: "Ladda ner PDF" }).getAttribute("href");
    expect(pdfHref).toBe(`${quizPath}/runda.pdf`);
    const pdf = await page.request.get(pdfHref ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await PDFDocument.load(await pdf.body())).getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it("sends a visitor to the host sign-in, and the PDF too", async () => {
    const quizPath = await weeklyQuizPath();
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${quizPath}/runda`);
    expect(new URL(page.url()).pathname).toBe("/quizvard");
    await page.getByRole("heading", { level: 1, name: "Quizvärd" }).waitFor();
    const pdf = await page.request.get(`${quizPath}/runda.pdf`, { maxRedirects: 0 });
    expect(pdf.status()).toBe(302);
    expect(pdf.headers().location).toBe("/quizvard");
  });
});
