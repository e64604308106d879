import type { Page } from "playwright-core";

/** Plays the open quiz to the end, choosing the option at `pick` each time; returns the score heading's text. */
export async function playToTheEnd(page: Page, pick: number): Promise<string> {
  const progress = page.getByText(/^Fråga 1 av \d+$/);
  await progress.waitFor();
  const total = Number((await progress.textContent())?.match(/av (\d+)/)?.[1]);
  for (let i = 0; i < total; i++) {
    await page.getByText(`Fråga ${i + 1} av ${total}`).waitFor();
    await page.locator("main ul button").nth(pick).click();
    await page.getByRole("button", { name: i + 1 === total ? "Se resultat" : "Nästa fråga" }).click();
  }
  const heading = page.getByRole("heading", { name: /^Du fick \d+ av \d+ rätt$/ });
  await heading.waitFor();
  return (await heading.textContent()) ?? "";
}
