import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { waitForToast } from "./browser";

/**
 * Sets a page's "now" to `instant` on both sides: the server's (the quizkvall_now cookie, honoured with
 * TEST_CLOCK) and, with JavaScript, the browser's (Playwright's clock).
 */
export async function setPageNow(page: Page, instant: string, javaScript = true): Promise<void> {
  await page.context().addCookies([{ name: "quizkvall_now", value: instant, url: inject("baseUrl") }]);
  if (javaScript) await page.clock.setFixedTime(new Date(instant));
}

/** The "when" line of the card titled `title` on a listing page, or null when the card is not listed. */
export async function whenLineOf(page: Page, title: string): Promise<string | null> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const card = page.locator("main article").filter({ hasText: title });
  return (await card.count()) ? card.locator("[data-when]").textContent() : null;
}

/** The dates editor ("Kommande kvällar") of an event form on the page, with its sections. */
export function datesEditor(page: Page) {
  const editor = page.getByRole("form", { name: "Kommande kvällar" });
  return {
    editor,
    cancel: editor.getByRole("group", { name: "Ställ in en kväll" }),
    pause: editor.getByRole("group", { name: "Uppehåll" }),
    pending: editor.getByRole("list", { name: "Ändringar att spara" }),
    saved: editor.getByRole("list", { name: "Sparade ändringar" }),
  };
}

/**
 * In the hydrated dates editor: collects a cancelled night with its note and a break ('Lägg till' each),
 * then stores both with 'Spara' and waits for the toast.
 */
export async function cancelNightAndBreak(
  page: Page,
  changes: { night: string; note: string; breakFrom: string; breakTo: string; breakNote: string },
): Promise<void> {
  const { editor, cancel, pause, pending } = datesEditor(page);
  await cancel.getByRole("button", { name: "Lägg till" }).waitFor();
  await cancel.getByLabel("Kväll").selectOption(changes.night);
  await cancel.getByLabel(/Anteckning/).fill(changes.note);
  await cancel.getByRole("button", { name: "Lägg till" }).click();
  await pause.getByLabel("Från").fill(changes.breakFrom);
  await pause.getByLabel("Till").fill(changes.breakTo);
  await pause.getByLabel(/Anteckning/).fill(changes.breakNote);
  await pause.getByRole("button", { name: "Lägg till" }).click();
  await expect.poll(() => pending.getByRole("listitem").count()).toBe(2);
  await editor.getByRole("button", { name: "Spara", exact: true }).click();
  await waitForToast(page, "Ändringarna är sparade");
}
