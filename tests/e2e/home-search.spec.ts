import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, setupBrowser } from "../support/browser";

/**
 * Home's search on a phone over what a visitor knows of a night: its quiz type, its street and the facts its
 * card states, in the browser's instant filter and in the server's answer without JavaScript alike.
 */
const browser = setupBrowser();

const heading = (page: Page) => page.getByRole("heading", { level: 2, name: /^\d+ quiz/ });
const listedCount = async (page: Page) =>
  Number(/^(\d+)/.exec((await heading(page).textContent()) ?? "")?.[1]);
const chipCount = async (page: Page, name: string) =>
  Number(
    /(\d+)$/.exec(
      (await page.getByRole("button", { name: new RegExp(`^${name} \\d+$`) }).textContent()) ?? "",
    )?.[1],
  );
const cardTexts = (page: Page) => page.locator("main article").allTextContents();
/** How many cards are listed when every one of them says the text; -1 when one does not. */
const cardsSaying = async (page: Page, text: string) => {
  const texts = await cardTexts(page);
  return texts.every((t) => t.includes(text)) ? texts.length : -1;
};

/** How many MusikQuiz nights and nights in English there are: the filter's own counts, every city chosen. */
async function expectedCounts(page: Page) {
  await page.goto("/?cities=goteborg,stockholm,malmo");
  return { music: await chipCount(page, "MusikQuiz"), english: await chipCount(page, "På engelska") };
}

/** Types the text into the header's search row and waits until the heading counts for it. */
async function search(page: Page, text: string) {
  const field = page.getByRole("searchbox", { name: "Sök Quiz" });
  if (!(await field.isVisible())) await page.getByRole("button", { name: "Sök Quiz" }).click();
  await field.fill("");
  await field.pressSequentially(text);
  await expect.poll(() => heading(page).textContent()).toContain(`för ”${text}”`);
}

describe("home's search at 390 px", () => {
  it("finds a quiz type, a street and a fact as the visitor types", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const expected = await expectedCounts(page);
    expect(expected.music).toBeGreaterThan(6);
    expect(expected.english).toBeGreaterThan(0);
    await page.goto("/");

    // The count is the type's own: half of these nights do not say "musikquiz" in their title.
    await search(page, "musikquiz");
    expect(await listedCount(page)).toBe(expected.music);
    await expect.poll(() => cardsSaying(page, "MusikQuiz")).toEqual(Math.min(expected.music, 12));

    await search(page, "Grammofongatan");
    await expect.poll(() => cardTexts(page)).toEqual([expect.stringContaining("Salongen Grammofon")]);

    await search(page, "engelska");
    expect(await listedCount(page)).toBe(expected.english);
    await expect.poll(() => cardsSaying(page, "På engelska")).toEqual(Math.min(expected.english, 12));
  });

  it("gives the same nights without JavaScript", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const expected = await expectedCounts(page);
    const noScript = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await noScript.goto("/");
    await noScript.getByRole("button", { name: "Sök Quiz" }).click();
    const field = noScript.getByRole("searchbox", { name: "Sök Quiz" });
    await field.fill("musikquiz");
    await field.press("Enter");
    await noScript.waitForURL(/q=musikquiz/);
    expect(await listedCount(noScript)).toBe(expected.music);

    expect(await cardsSaying(noScript, "MusikQuiz")).toBe(Math.min(expected.music, 12));

    await noScript.goto("/?q=engelska");
    expect(await listedCount(noScript)).toBe(expected.english);
    expect(await cardsSaying(noScript, "På engelska")).toBe(Math.min(expected.english, 12));
    await noScript.goto("/?q=Grammofongatan");
    expect(await cardTexts(noScript)).toEqual([expect.stringContaining("Salongen Grammofon")]);
  });
});
