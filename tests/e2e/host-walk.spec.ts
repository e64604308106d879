import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin, waitForToast } from "../support/browser";
import { cancelNightAndBreak, datesEditor, setPageNow, whenLineOf } from "../support/event-dates";
import { approveClaim, claimEvent, createMalmoEvent, hostSignInLink, openSignInLink } from "../support/hosts";

/**
 * A quiz host's whole round, as the host does it: the claim on the event page, an admin's approval, the
 * mailed link that signs the host in; on /quizvard/:eventId the host moves the time, cancels a night five
 * months ahead with a note and enters a summer break. The public event page, "Ikväll" and the event's .ics
 * show it; the admin's "Ändringshistorik" lists each change by the host and "Ångra" puts one back; a second
 * host is refused the first host's event. Server and browser share a faked "now" (setPageNow).
 */
const browser = setupBrowser();

// Friday 15 January 2027, 10:00 in Stockholm.
const NOW = "2027-01-15T09:00:00.000Z";
// Monday 14 June 2027: the day before the cancelled night.
const DAY_BEFORE = "2027-06-14T09:00:00.000Z";
// Tuesday 15 June 2027 (five months ahead), 18:00: the cancelled night's day.
const CANCELLED_DAY_18 = "2027-06-15T16:00:00.000Z";
// Tuesday 29 June 2027, 18:00: inside the summer break.
const IN_BREAK_18 = "2027-06-29T16:00:00.000Z";

async function pageAt(instant: string, options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage({ viewport: PHONE, ...options });
  await setPageNow(page, instant);
  return page;
}

/** A Tuesday 19:00 quiz in Malmö, made through the admin's JSON endpoint. */
const createEvent = (page: Page, title: string, email = "") =>
  createMalmoEvent(page, { title, weekday: "Tisdag", location: "Vandringskrogen", email });

/** Reloads `path` until `read` answers what is expected: a write empties the page cache, soon. */
const pollPage = (page: Page, path: string, read: () => Promise<unknown>) =>
  expect.poll(
    async () => {
      await page.goto(path);
      return read();
    },
    { timeout: 20_000 },
  );

describe("a quiz host's walk", () => {
  it("claim → approval → mailed sign-in → time, cancelled night and break → public page, Ikväll, .ics → history and Ångra → 403 for another host", {
    timeout: 240_000,
  }, async () => {
    const suffix = randomUUID().slice(0, 6);
    // The claim, its approval and the mail run on the real clock; the host's changes at NOW.
    const admin = await browser.newPage({ viewport: DESKTOP });
    await signInAsAdmin(admin);
    const title = `Vandringsquiz ${suffix}`;
    const event = await createEvent(admin, title);
    const eventPath = `/quiz/${event.citySlug}/${event.slug}`;

    // A visitor claims the quiz on its page; an admin approves the claim in /admin/quizvardar.
    const hostEmail = `vandring-${suffix}@example.se`;
    await claimEvent(await browser.newPage({ viewport: PHONE }), eventPath, {
      name: `Vilma ${suffix}`,
      email: hostEmail,
      role: "Quizmaster",
    });
    await approveClaim(admin, `Vilma ${suffix}`);

    // The mailed link signs the host in: the host area lists the event.
    const host = await browser.newPage({ viewport: DESKTOP });
    await openSignInLink(host, await hostSignInLink(hostEmail));
    await expect.poll(() => new URL(host.url()).pathname).toBe("/quizvard");
    await setPageNow(host, NOW);
    await host.reload();
    await host.getByRole("link", { name: `Ändra ${title}` }).click();
    await expect.poll(() => host.getByRole("heading", { name: title, level: 1 }).count()).toBe(1);
    // A host, not an admin: the admin's pages stay closed.
    expect((await host.request.get(`/admin/events/${event.id}/historik`)).status()).toBe(403);

    // The host moves the time (Tuesday 19:00 becomes 20:15) ...
    await host.getByLabel("Tid 1").fill("20:15");
    await host.getByRole("button", { name: "Spara ändringar" }).click();
    await waitForToast(host, "Quiz har uppdaterats");
    // ... then cancels a night five months ahead with a note and enters a summer break, saved on 'Spara'.
    await cancelNightAndBreak(host, {
      night: "2027-06-15",
      note: "Midsommarfest",
      breakFrom: "2027-06-21",
      breakTo: "2027-08-15",
      breakNote: "Sommaruppehåll",
    });
    const { saved } = datesEditor(host);
    await expect.poll(() => saved.textContent()).toContain("Inställt – Midsommarfest");
    expect(await saved.textContent()).toContain("Sommaruppehåll");

    // The public page the day before: the new time, the cancelled night with its note, the break.
    const visitor = await pageAt(DAY_BEFORE);
    await pollPage(visitor, eventPath, () =>
      visitor.getByText("Inställt – Midsommarfest", { exact: true }).count(),
    ).toBe(1);
    // The event's own "När" block: other quizzes listed below may well run on Tuesdays at 19:00.
    const when = visitor.locator('section[aria-labelledby="nar"]');
    expect(await when.getByText("Nästa: tisdag 17 augusti").count()).toBe(1);
    expect(await when.getByText(/^Uppehåll .* \(Sommaruppehåll\)$/).count()).toBe(1);
    expect(await when.getByText("Tisdagar 20:15", { exact: true }).count()).toBe(1);
    expect(await when.getByText("Tisdagar 19:00", { exact: true }).count()).toBe(0);
    expect(await when.getByText("tisdag 17 augusti 20:15").count()).toBe(1);

    // "Ikväll" on the cancelled night says so; inside the break the quiz is not on tonight's list.
    const tonight = await pageAt(CANCELLED_DAY_18);
    await tonight.goto("/?cities=malmo&dag=ikvall&view=list");
    await expect.poll(() => whenLineOf(tonight, title)).toBe("Inställt ikväll");
    const inBreak = await pageAt(IN_BREAK_18);
    await inBreak.goto("/?cities=malmo&dag=ikvall&view=list");
    await inBreak.locator("main article").first().waitFor();
    expect(await whenLineOf(inBreak, title)).toBeNull();

    // The event's .ics: at the new time, the cancelled night overridden with its note, the break left out.
    const feed = (await (await visitor.request.get(`${eventPath}/kalender.ics`)).text()).replace(
      /\r\n /g,
      "",
    );
    expect(feed).toContain("RECURRENCE-ID;TZID=Europe/Stockholm:20270615T201500\r\n");
    expect(feed).toContain("STATUS:CANCELLED\r\n");
    expect(feed).toContain("DESCRIPTION:Inställt – Midsommarfest\\n\\n");
    expect(feed).toMatch(/EXDATE;TZID=Europe\/Stockholm:20270622T201500,20270629T201500,/);
    expect(feed).not.toContain("20270817T201500,");

    // The admin's "Ändringshistorik": each of the host's changes, with the host named.
    await admin.goto(`/admin/events/${event.id}/historik`);
    await admin.getByRole("heading", { name: "Ändringshistorik" }).waitFor();
    const change = (label: string) => admin.getByRole("listitem").filter({ hasText: label });
    const time = await change("Dagar och tider").textContent();
    expect(time).toContain("19:00");
    expect(time).toContain("20:15");
    const cancelled = change("Inställd kväll");
    expect(await cancelled.textContent()).toContain("Midsommarfest");
    expect(await change("Uppehåll från").textContent()).toContain("Sommaruppehåll");
    for (const label of ["Dagar och tider", "Inställd kväll", "Uppehåll från"])
      expect(await change(label).textContent()).toContain(`Vilma ${suffix} (${hostEmail}), quizvärd`);

    // "Ångra" on the cancellation: the night is on again on the public page.
    await cancelled.getByRole("button", { name: /^Ångra/ }).click();
    await admin.getByRole("status").filter({ hasText: "Ändringen har ångrats" }).waitFor();
    await pollPage(visitor, eventPath, () =>
      visitor.getByText("Inställt – Midsommarfest", { exact: true }).count(),
    ).toBe(0);
    // The next night is tomorrow, 15 June, again.
    expect(await when.getByText(/^Nästa: imorgon/).count()).toBe(1);

    // A second host, approved at once (the claim comes from their own listing's address), is refused here.
    const secondEmail = `andra-vandring-${suffix}@example.se`;
    const second = await createEvent(admin, `Andra vandringen ${suffix}`, secondEmail);
    await claimEvent(await browser.newPage({ viewport: PHONE }), `/quiz/${second.citySlug}/${second.slug}`, {
      name: "Andra Värden",
      email: secondEmail,
      role: "Ägare",
    });
    const secondHost = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /403/ });
    await openSignInLink(secondHost, await hostSignInLink(secondEmail));
    await expect.poll(() => new URL(secondHost.url()).pathname).toBe("/quizvard");
    const refused = await secondHost.goto(`/quizvard/${event.id}`);
    expect(refused?.status()).toBe(403);
    await expect.poll(() => secondHost.getByRole("heading", { name: "Åtkomst nekad" }).count()).toBe(1);
    // Nor can the second host post to it.
    const post = await secondHost.request.post(`/quizvard/${event.id}`, {
      headers: { Origin: inject("baseUrl") },
      form: { intent: "save-dates", cancelDate: "2027-06-22", cancelNote: "Nej" },
    });
    expect(post.status()).toBe(403);
  });
});
