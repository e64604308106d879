import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin } from "../support/browser";
import { claimEvent, createMalmoEvent, hostSignInLink, openSignInLink } from "../support/hosts";
import { outboxFor } from "../support/outbox";

/**
 * Quiz hosts end to end: a claim from the event page, an admin's approval, the mailed link that signs the
 * host in, the host's new time on the public page, and a second host refused on the first host's event.
 */
const browser = setupBrowser();
const SHOTS = process.env.HOSTS_SCREENSHOTS;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** No sideways scrolling, and a screenshot to look at when HOSTS_SCREENSHOTS names a folder. */
async function checkLayout(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

const createEvent = (page: Page, title: string, email = "") =>
  createMalmoEvent(page, { title, weekday: "Torsdag", location: "Värdpuben", email });

describe("quiz hosts", () => {
  it("claim → admin approves → the mailed link signs in → the host moves the time → the page shows it → another host gets 403", {
    timeout: 180_000,
  }, async () => {
    const suffix = Date.now().toString(36);
    const admin = await browser.newPage({ viewport: DESKTOP });
    await signInAsAdmin(admin);
    const title = `Värdquiz ${suffix}`;
    const event = await createEvent(admin, title);
    const eventPath = `/quiz/${event.citySlug}/${event.slug}`;

    // The claim, on a phone; a malformed address is refused where it was typed.
    const hostEmail = `vard-${suffix}@example.se`;
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(eventPath);
    await visitor.getByRole("link", { name: "Är det här ditt quiz?" }).click();
    await visitor.getByRole("button", { name: "Skicka ansökan" }).click();
    await expect.poll(() => visitor.getByText("Ange ditt namn.").count()).toBe(1);
    await checkLayout(visitor, "claim-errors");
    await expectNoAxeViolations(visitor);
    await claimEvent(visitor, eventPath, { name: "Vera Värd", email: hostEmail, role: "Quizmaster" });
    await checkLayout(visitor, "claim-sent");
    expect(outboxFor(inject("dataDir"), hostEmail)).toEqual([]);

    // The admin approves it in /admin/quizvardar.
    await admin.goto("/admin/quizvardar");
    const card = admin.getByRole("listitem", { name: "Ansökan från Vera Värd" });
    await expect.poll(() => card.getByText(hostEmail).count()).toBe(1);
    expect(await card.getByRole("link", { name: title }).getAttribute("href")).toBe(eventPath);
    await checkLayout(admin, "admin-claims");
    await expectNoAxeViolations(admin);
    await card.getByRole("button", { name: "Godkänn" }).click();
    await expect
      .poll(() => admin.getByRole("status").filter({ hasText: "Ansökan är godkänd" }).count())
      .toBe(1);
    const adminPhone = await browser.newPage({ viewport: PHONE });
    await signInAsAdmin(adminPhone);
    await adminPhone.goto("/admin/quizvardar");
    await checkLayout(adminPhone, "admin-claims");

    // The mailed link signs the host in and lands in the host area.
    const host = await browser.newPage({ viewport: PHONE });
    await openSignInLink(host, await hostSignInLink(hostEmail));
    await expect.poll(() => new URL(host.url()).pathname).toBe("/quizvard");
    await expect.poll(() => host.getByRole("link", { name: title, exact: true }).count()).toBe(1);
    await checkLayout(host, "host-area");
    await expectNoAxeViolations(host);
    // The same link a second time: the Swedish page that says it no longer works.
    // A spent link is refused with a 400, which the browser reports.
    const reuse = await browser.newPage({
      viewport: PHONE,
      expectedConsoleErrors: /status of 400/,
    });
    await openSignInLink(reuse, await hostSignInLink(hostEmail));
    await expect
      .poll(() => reuse.getByRole("alert").filter({ hasText: "Inloggningslänken fungerar inte" }).count())
      .toBe(1);
    await checkLayout(reuse, "broken-link");

    // A host is not an admin.
    const adminAsHost = await host.request.get(`${inject("baseUrl")}/admin/quizvardar`);
    expect(adminAsHost.status()).toBe(403);

    // The host moves the time: Thursday 19:00 becomes 20:15. The title cannot be changed here.
    await host.getByRole("link", { name: `Ändra ${title}` }).click();
    await expect.poll(() => host.getByRole("heading", { name: title, level: 1 }).count()).toBe(1);
    // What names and places the quiz is shown as text, not as fields that look editable.
    expect(await host.getByLabel("Titel").count()).toBe(0);
    const locked = host.locator("dl").filter({ hasText: "Titel" });
    expect(await locked.textContent()).toContain(title);
    expect(await locked.textContent()).toContain("Ändras av Quizkvälls administratör.");
    // A host comes for the nights: the dates editor leads the page, the details follow.
    const nightsTop = (await host.getByRole("form", { name: "Kommande kvällar" }).boundingBox())?.y ?? 0;
    const detailsTop = (await host.getByLabel("Beskrivning").boundingBox())?.y ?? 0;
    expect(nightsTop).toBeLessThan(detailsTop);
    expect(await host.getByRole("button", { name: "Ta bort", exact: true }).count()).toBe(0);
    await checkLayout(host, "host-event");
    await expectNoAxeViolations(host);
    await host.getByLabel("Tid 1").fill("20:15");
    await host.getByRole("button", { name: "Spara ändringar" }).click();
    await expect
      .poll(() => host.locator("[data-sonner-toast]").filter({ hasText: "Quiz har uppdaterats" }).count())
      .toBe(1);
    const wide = await browser.newPage({ viewport: DESKTOP });
    await wide.context().addCookies(await host.context().cookies());
    await wide.goto(`/quizvard/${event.id}`);
    await checkLayout(wide, "host-event");
    await wide.goto("/quizvard");
    await checkLayout(wide, "host-area");

    // "Stämmer" in one tap.
    await host.goto("/quizvard");
    await host.getByRole("button", { name: `Stämmer – ${title}` }).click();
    await expect
      .poll(() => host.getByRole("status").filter({ hasText: "Uppgifterna är bekräftade" }).count())
      .toBe(1);

    // The public page shows the new time (the admin's write emptied the page cache; the host's too).
    const reader = await browser.newPage({ viewport: PHONE });
    await expect
      .poll(
        async () => {
          await reader.goto(eventPath);
          return reader.getByText("20:15").count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);

    // A second host, approved at once because the claim comes from their own listing's address.
    const secondEmail = `andra-${suffix}@example.se`;
    const second = await createEvent(admin, `Andra quizet ${suffix}`, secondEmail);
    const claimer = await browser.newPage({ viewport: PHONE });
    await claimEvent(claimer, `/quiz/${second.citySlug}/${second.slug}`, {
      name: "Andra Värden",
      email: secondEmail,
      role: "Ägare",
    });
    await expect.poll(() => claimer.getByText("du är redan godkänd").count()).toBe(1);
    const secondHost = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /403/ });
    await openSignInLink(secondHost, await hostSignInLink(secondEmail));
    await expect
      .poll(() => secondHost.getByRole("link", { name: `Andra quizet ${suffix}`, exact: true }).count())
      .toBe(1);
    const refused = await secondHost.goto(`/quizvard/${event.id}`);
    expect(refused?.status()).toBe(403);
    await expect.poll(() => secondHost.getByRole("heading", { name: "Åtkomst nekad" }).count()).toBe(1);
    await checkLayout(secondHost, "host-403");

    // An admin removes the second host on a phone: the host is mailed and their access ends.
    // (No claim of its own: claims are limited per address, and the suite's all come from one.)
    await adminPhone.goto(`/admin/events/${second.id}/edit`);
    await adminPhone.getByRole("link", { name: "Quizvärdar" }).click();
    const hostCard = adminPhone.getByRole("listitem", { name: "Andra Värden" });
    await expect.poll(() => hostCard.textContent()).toContain("Quizvärd sedan");
    await expectNoAxeViolations(adminPhone);
    await checkLayout(adminPhone, "event-hosts");
    await hostCard.getByRole("button", { name: "Ta bort som quizvärd" }).click();
    await adminPhone
      .getByRole("status")
      .filter({ hasText: "Andra Värden är inte längre quizvärd" })
      .waitFor();
    await adminPhone.getByText("Quizet har ingen quizvärd.").waitFor();
    await expect
      .poll(() =>
        outboxFor(inject("dataDir"), secondEmail).some((m) => m.text.includes("tagit bort dig som quizvärd")),
      )
      .toBe(true);
    const removed = await secondHost.goto(`/quizvard/${second.id}`);
    expect(removed?.status()).toBe(403);
  });

  it("the claim form and the sign-in form work without JavaScript", { timeout: 90_000 }, async () => {
    const suffix = Date.now().toString(36);
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const event = await createEvent(admin, `Utan JS ${suffix}`, `utanjs-${suffix}@example.se`);
    const page = await browser.newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
      // The refused post answers 400 on purpose.
      expectedConsoleErrors: /status of 400/,
    });
    await page.goto(`/quizvard/ansok/${event.id}`);
    await page.getByLabel("Namn").fill("Nils");
    await page.getByLabel("E-postadress").fill("inte-en-adress");
    await page.getByLabel("Din roll på stället").fill("Ägare");
    await page.getByRole("button", { name: "Skicka ansökan" }).click();
    await expect.poll(() => page.getByText("Ange en giltig e-postadress.").count()).toBe(1);
    expect(await page.getByLabel("Namn").inputValue()).toBe("Nils");
    await page.getByLabel("E-postadress").fill(`UTANJS-${suffix}@example.se`);
    await page.getByRole("button", { name: "Skicka ansökan" }).click();
    await expect.poll(() => page.getByText("du är redan godkänd").count()).toBe(1);
    expect(await hostSignInLink(`utanjs-${suffix}@example.se`)).toMatch(/\/quizvard\/logga-in\?token=/);

    await page.goto("/quizvard");
    await page.getByLabel("E-postadress").fill(`utanjs-${suffix}@example.se`);
    await page.getByRole("button", { name: "Mejla mig en länk" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "inloggningslänk" }).count()).toBe(1);
    await expect
      .poll(() => outboxFor(inject("dataDir"), `utanjs-${suffix}@example.se`).length, { timeout: 20_000 })
      .toBe(2);

    // A mail scanner follows the newest link (a GET, no cookies, no script): nothing is spent, and the
    // host's press of the page's button signs in, without JavaScript.
    const link = await hostSignInLink(`utanjs-${suffix}@example.se`);
    const scanned = await fetch(link, { redirect: "manual" });
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).toContain("Logga in som quizvärd");
    await page.goto(link);
    await checkLayout(page, "sign-in-link");
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/quizvard");
    await expect
      .poll(() => page.getByRole("link", { name: `Utan JS ${suffix}`, exact: true }).count())
      .toBe(1);

    // A link cut short by a mail client: the Swedish page, with the ways on.
    await page.goto(link.slice(0, link.indexOf("token=") + 10));
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Inloggningslänken fungerar inte" }).count())
      .toBe(1);
    expect(await page.getByRole("link", { name: "Be om en ny länk" }).count()).toBe(1);
  });
});
