import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin, waitForToast } from "../support/browser";
import { cancelNightAndBreak, datesEditor, setPageNow, whenLineOf } from "../support/event-dates";

/**
 * The dates editor: an admin cancels a night five months ahead with a note and enters a summer break
 * ('Uppehåll'); nothing is stored before 'Spara', 'Avbryt' discards, Enter in a note posts nothing. The
 * public event page, "Ikväll" and the event's .ics then show it. The browser's clock and the server's
 * "now" (the quizkvall_now cookie, honoured with TEST_CLOCK) are set to the same instant.
 */
const browser = setupBrowser();

// Friday 15 January 2027, 10:00 in Stockholm.
const NOW = "2027-01-15T09:00:00.000Z";
// Tuesday 15 June 2027 (five months ahead), 18:00: the cancelled night's day.
const CANCELLED_DAY_18 = "2027-06-15T16:00:00.000Z";
// Tuesday 29 June 2027, 18:00: inside the summer break.
const IN_BREAK_18 = "2027-06-29T16:00:00.000Z";

async function pageAt(instant: string, options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage({ viewport: PHONE, ...options });
  await setPageNow(page, instant, options.javaScriptEnabled !== false);
  return page;
}

/** A Tuesday 19:00 quiz in Malmö, made through the JSON endpoint at the page's "now". */
async function createEvent(page: Page, title: string): Promise<{ id: string; slug: string }> {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/api/admin/events`, {
    headers: { Origin: baseUrl },
    multipart: { title, scheduleWeekday: "Tisdag", scheduleTime: "19:00", city: "Malmö", quizType: "Quiz" },
  });
  expect(response.status()).toBe(201);
  const { event } = await response.json();
  return { id: event.id, slug: event.slug };
}

/** Counts the posts a page sends, to prove a key press or 'Avbryt' sent none. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  return posts;
}

describe("the dates editor", () => {
  it("collects a cancelled night and a summer break, discards on Avbryt, saves only on Spara; the public pages and the feed show it", async () => {
    const page = await pageAt(NOW, { viewport: DESKTOP });
    await signInAsAdmin(page);
    const title = `Datumquiz ${randomUUID().slice(0, 6)}`;
    const { id, slug } = await createEvent(page, title);
    await page.goto(`/admin/events/${id}/edit`);
    const { editor, cancel, pause, pending, saved } = datesEditor(page);
    await cancel.getByLabel("Kväll").waitFor();
    // The hydrated editor offers 'Lägg till'.
    await cancel.getByRole("button", { name: "Lägg till" }).waitFor();
    const posts = countPosts(page);

    // Enter in a note collects the entry; nothing is posted, neither the editor nor the event form.
    await cancel.getByLabel("Kväll").selectOption("2027-06-15");
    await cancel.getByLabel(/Anteckning/).fill("Midsommarfest");
    await cancel.getByLabel(/Anteckning/).press("Enter");
    await expect.poll(() => pending.textContent()).toContain("Midsommarfest");
    await pause.getByLabel("Från").fill("2027-06-21");
    await pause.getByLabel("Till").fill("2027-08-15");
    await pause.getByLabel(/Anteckning/).fill("Sommaruppehåll");
    await pause.getByLabel(/Anteckning/).press("Enter");
    await expect.poll(() => pending.getByRole("listitem").count()).toBe(2);
    expect(posts).toEqual([]);
    await page.screenshot({ path: "/tmp/event-dates-1280-pending.png", fullPage: true });

    // 'Avbryt' discards both.
    await editor.getByRole("button", { name: "Avbryt", exact: true }).click();
    await expect.poll(() => pending.count()).toBe(0);
    expect(posts).toEqual([]);
    await page.reload();
    await cancel.getByRole("button", { name: "Lägg till" }).waitFor();
    expect(await saved.count()).toBe(0);

    // Collected again with 'Lägg till', stored on 'Spara' in one post.
    await cancelNightAndBreak(page, {
      night: "2027-06-15",
      note: "Midsommarfest",
      breakFrom: "2027-06-21",
      breakTo: "2027-08-15",
      breakNote: "Sommaruppehåll",
    });
    expect(posts).toHaveLength(1);
    await expect.poll(() => saved.textContent()).toContain("Inställt – Midsommarfest");
    expect(await saved.textContent()).toContain("Sommaruppehåll");

    // A break that overlaps the saved one is refused beside its field, in Swedish, before any post.
    await pause.getByLabel("Från").fill("2027-07-01");
    await pause.getByLabel("Till").fill("2027-07-10");
    await pause.getByRole("button", { name: "Lägg till" }).click();
    await expect.poll(() => pause.getByText("Uppehållet överlappar ett annat uppehåll").count()).toBe(1);
    expect(posts).toHaveLength(1);

    for (const [width, name] of [
      [PHONE.width, "390"],
      [DESKTOP.width, "1280"],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/event-dates-${name}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The event page the day before: the cancelled night with its note, then none until after the break.
    const visitor = await pageAt("2027-06-14T09:00:00.000Z");
    await visitor.goto(`/quiz/malmo/${slug}`);
    await expect.poll(() => visitor.getByText("Inställt – Midsommarfest", { exact: true }).count()).toBe(1);
    expect(await visitor.getByText("Nästa: tisdag 17 augusti").count()).toBe(1);
    expect(await visitor.getByText(/^Uppehåll .* \(Sommaruppehåll\)$/).count()).toBe(1);
    await visitor.screenshot({ path: "/tmp/event-dates-public-390.png", fullPage: true });

    // "Ikväll" on the cancelled night says so; inside the break the quiz is not on tonight's list at all.
    const tonight = await pageAt(CANCELLED_DAY_18);
    await tonight.goto("/?cities=malmo&dag=ikvall&view=list");
    await expect.poll(() => whenLineOf(tonight, title)).toBe("Inställt ikväll");
    const inBreak = await pageAt(IN_BREAK_18);
    await inBreak.goto("/?cities=malmo&dag=ikvall&view=list");
    await inBreak.locator("main article").first().waitFor();
    expect(await whenLineOf(inBreak, title)).toBeNull();

    // The event's .ics: the cancelled night overridden with its note, the break's nights left out.
    const feed = await (await page.request.get(`/quiz/malmo/${slug}/kalender.ics`)).text();
    const unfolded = feed.replace(/\r\n /g, "");
    expect(unfolded).toContain("RECURRENCE-ID;TZID=Europe/Stockholm:20270615T190000\r\n");
    expect(unfolded).toContain("STATUS:CANCELLED\r\n");
    expect(unfolded).toContain("DESCRIPTION:Inställt – Midsommarfest\\n\\n");
    expect(unfolded).toMatch(/EXDATE;TZID=Europe\/Stockholm:20270622T190000,20270629T190000,/);
    expect(unfolded).not.toContain("20270817T190000,");
  });

  it("takes a summer break entered in November and refuses a second night on a night's date, on a phone", async () => {
    // Thursday 19 November 2026: the break starts seven months later.
    const page = await pageAt("2026-11-19T10:00:00.000Z");
    await signInAsAdmin(page);
    const { id } = await createEvent(page, `Sommarquiz ${randomUUID().slice(0, 6)}`);
    await page.goto(`/admin/events/${id}/edit`);
    const { editor, pause, pending, saved } = datesEditor(page);
    await pause.getByRole("button", { name: "Lägg till" }).waitFor();
    await pause.getByLabel("Från").fill("2027-06-14");
    await pause.getByLabel("Till").fill("2027-08-16");
    await pause.getByLabel(/Anteckning/).fill("Sommaruppehåll");
    await pause.getByRole("button", { name: "Lägg till" }).click();
    await expect.poll(() => pending.getByRole("listitem").count()).toBe(1);
    await editor.getByRole("button", { name: "Spara", exact: true }).click();
    await waitForToast(page, "Ändringarna är sparade");
    await expect.poll(() => saved.textContent()).toContain("Sommaruppehåll");

    // Tuesday 1 December is a night already: another time that day is refused beside the field.
    const extra = editor.getByRole("group", { name: "Extra kväll" });
    await extra.getByLabel("Datum").fill("2026-12-01");
    await extra.getByLabel("Tid").fill("20:30");
    await extra.getByRole("button", { name: "Lägg till" }).click();
    await expect.poll(() => extra.getByText("Quizet går redan det datumet").count()).toBe(1);
  });

  it("works without JavaScript: the editor is a plain form posting to the event editor's action", async () => {
    const admin = await pageAt(NOW);
    await signInAsAdmin(admin);
    const title = `Utan skript ${randomUUID().slice(0, 6)}`;
    const { id, slug } = await createEvent(admin, title);
    const cookies = await admin.context().cookies();
    const page = await browser.newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
      // The refused break below is answered 400, as it should be.
      expectedConsoleErrors: /status of 400/,
    });
    await page.context().addCookies(cookies);
    await page.goto(`/admin/events/${id}/edit`);
    const editor = page.getByRole("form", { name: "Kommande kvällar" });
    const cancel = editor.getByRole("group", { name: "Ställ in en kväll" });
    // No script, no 'Lägg till': the fields themselves are posted.
    expect(await cancel.getByRole("button", { name: "Lägg till" }).count()).toBe(0);
    await cancel.getByLabel("Kväll").selectOption("2027-05-25");
    await cancel.getByLabel(/Anteckning/).fill("Stängt för renovering");
    await editor.getByRole("button", { name: "Spara", exact: true }).click();
    await editor.getByRole("status").filter({ hasText: "Ändringarna är sparade" }).waitFor();
    expect(await editor.getByRole("list", { name: "Sparade ändringar" }).textContent()).toContain(
      "Inställt – Stängt för renovering",
    );
    // A bad break comes back with its Swedish message beside the field.
    const pause = editor.getByRole("group", { name: "Uppehåll" });
    await pause.getByLabel("Från").fill("2027-03-10");
    await pause.getByLabel("Till").fill("2027-03-01");
    await editor.getByRole("button", { name: "Spara", exact: true }).click();
    await editor.getByText("Uppehållet kan inte sluta före det börjar").waitFor();
    const feed = await (await admin.request.get(`/quiz/malmo/${slug}/kalender.ics`)).text();
    expect(feed).toContain("RECURRENCE-ID;TZID=Europe/Stockholm:20270525T190000");
  });

  it("never loses a collected night without a word: 'Spara ändringar' refuses beside the editor, leaving asks first", async () => {
    const page = await pageAt(NOW);
    await signInAsAdmin(page);
    const title = `Osparat ${randomUUID().slice(0, 6)}`;
    const { id } = await createEvent(page, title);
    // The host's page (an admin passes its guard too): the same form and editor a host gets.
    await page.goto(`/quizvard/${id}`);
    const { editor, pending, saved } = datesEditor(page);
    const extra = editor.getByRole("group", { name: "Extra kväll" });
    await extra.getByRole("button", { name: "Lägg till" }).waitFor();
    const posts = countPosts(page);
    const collectExtraNight = async (date: string) => {
      await extra.getByLabel("Datum").fill(date);
      await extra.getByRole("button", { name: "Lägg till" }).click();
      await expect.poll(() => pending.getByRole("listitem").count()).toBe(1);
    };
    // Thursday 4 February, beside the quiz's Tuesdays.
    await collectExtraNight("2027-02-04");

    // The upper 'Spara ändringar' posts nothing and says why, beside the editor, with focus there.
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    const notice = editor.getByRole("alert").filter({ hasText: "Kommande kvällar är inte sparade" });
    await notice.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Spara dem med Spara här nedanför");
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Spara eller avbryt ändringarna under Kommande kvällar först" })
      .waitFor();
    expect(posts).toEqual([]);
    expect(await pending.getByRole("listitem").count()).toBe(1);
    await page.screenshot({ path: "/tmp/event-dates-unsaved-390.png", fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A link inside the app asks first; 'Avbryt' stays with the night still collected.
    await page.getByRole("link", { name: "← Mina quiz som värd" }).click();
    const leave = page.getByRole("alertdialog", { name: "Lämna sidan?" });
    await leave.waitFor();
    await leave.getByRole("button", { name: "Avbryt" }).click();
    await expect.poll(() => leave.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/quizvard/${id}`);
    expect(await pending.getByRole("listitem").count()).toBe(1);

    // Saved with the editor's own 'Spara', the notice goes and the event form saves again.
    await editor.getByRole("button", { name: "Spara", exact: true }).click();
    await waitForToast(page, "Ändringarna är sparade");
    await expect.poll(() => saved.textContent()).toContain("Extra: ");
    expect(await notice.count()).toBe(0);
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    await waitForToast(page, "Quiz har uppdaterats");
    expect(posts).toHaveLength(2);

    // Another night collected: closing the tab gets the browser's warning, and staying keeps it.
    await collectExtraNight("2027-02-11");
    const warning = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await warning).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
    expect(await pending.getByRole("listitem").count()).toBe(1);

    // Leaving on purpose through the dialog goes.
    await page.getByRole("link", { name: "← Mina quiz som värd" }).click();
    await leave.getByRole("button", { name: "Lämna sidan" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/quizvard");

    // The admin's editor refuses the same way.
    await page.goto(`/admin/events/${id}/edit`);
    await extra.getByRole("button", { name: "Lägg till" }).waitFor();
    await collectExtraNight("2027-02-11");
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    await notice.waitFor();
    expect(posts).toHaveLength(2);
  });
});
