import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { nextOccurrence, stockholmDate, stockholmParts, WEEKDAYS } from "~/lib/time";
import { PHONE, setupBrowser, signInAsAdmin } from "../support/browser";
import { type OutboxMail, outboxFor } from "../support/outbox";

/**
 * "Påminn mig" end to end on a phone: follow a night, confirm from the mail, get the reminder on the
 * night's day (the server's "now" set with the quizkvall_now cookie), get the alert when an admin cancels
 * the next night, and stop it all with the mail's one-click unsubscribe (RFC 8058).
 */
const browser = setupBrowser();
const DAY = 24 * 60 * 60_000;
// The quiz runs on the day after tomorrow's weekday: the server's own 5-minute job, which runs on the real
// clock, never finds one of its nights today while the test runs.
const WEEKDAY = WEEKDAYS[(stockholmParts(new Date()).weekdayIndex + 2) % 7]!;

function eventForm(title: string) {
  const form = new FormData();
  const fields: Record<string, string | string[]> = {
    title,
    scheduleWeekday: [WEEKDAY],
    scheduleTime: ["19:00"],
    location: "Påminnelsepuben",
    city: "Malmö",
    quizType: ["Quiz"],
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
  };
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) form.append(k, item);
  return form;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const mailsTo = (email: string) => outboxFor(inject("dataDir"), email);
const linkIn = (mail: OutboxMail, pattern: RegExp) => {
  const link = pattern.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in ${mail.file}`);
  return link;
};

describe("following a quiz night", () => {
  it("follow → confirm → the reminder on the day → an admin cancels the next night → the alert → one-click unsubscribe stops mail", {
    timeout: 120_000,
  }, async () => {
    const baseUrl = inject("baseUrl");
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    const adminCookie = (await admin.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const adminSend = (method: string, path: string, body: FormData | string, now?: Date) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie: now ? `${adminCookie}; quizkvall_now=${now.toISOString()}` : adminCookie,
          origin: baseUrl,
          ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
        },
        body,
      });
    const suffix = Date.now().toString(36);
    const created = await adminSend("POST", "/api/admin/events", eventForm(`Påminnelsequiz ${suffix}`));
    expect(created.status).toBe(201);
    const { event } = (await created.json()) as { event: { id: string; citySlug: string; slug: string } };
    const eventPath = `/quiz/${event.citySlug}/${event.slug}`;

    // The calendar choices on a phone: the file, Google Calendar for the next night, the subscription.
    // The used unsubscribe link at the end answers 404 on purpose.
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 404/ });
    await page.goto(eventPath);
    await page.getByText("Lägg till i kalender").click();
    const ics = page.getByRole("link", { name: /Ladda ner kalenderfil/ });
    expect(await ics.getAttribute("href")).toBe(`${eventPath}/kalender.ics`);
    expect(await page.getByRole("link", { name: /Google Kalender/ }).getAttribute("href")).toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=P%C3%A5minnelsequiz/,
    );
    expect(await page.getByRole("link", { name: /Prenumerera i kalendern/ }).getAttribute("href")).toMatch(
      new RegExp(`^webcal://127\\.0\\.0\\.1:\\d+${eventPath}/kalender\\.ics$`),
    );
    expect(await ics.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Follow: a malformed address is refused where it was typed, then the real one is asked for.
    const email = `foljare-${suffix}@example.se`;
    await page.getByLabel("E-postadress").fill("inte-en-adress");
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await expect.poll(() => page.getByText("Ange en giltig e-postadress.").count()).toBe(1);
    await page.getByLabel("E-postadress").fill(email);
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Tack!" }).count()).toBe(1);
    // Focus moves from the button that went away to the thanks that replaced it, not to <body>.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return `${focused?.tagName} ${focused?.getAttribute("role")} ${focused?.textContent}`;
        }),
      )
      .toMatch(/^P status Tack!/);

    // Following keeps the event in "Mina quiz", with one personal calendar feed carrying its reminders.
    await page.goto("/mina-quiz");
    await expect.poll(() => page.getByRole("link", { name: `Påminnelsequiz ${suffix}` }).count()).toBe(1);
    await page.getByText("Lägg till i kalender").click();
    const feedPath =
      (await page.getByRole("link", { name: /Ladda ner kalenderfil/ }).getAttribute("href")) ?? "";
    expect(feedPath).toMatch(/^\/mina-quiz\/[A-Za-z0-9_-]{43}\/kalender\.ics$/);
    const feed = await (await fetch(`${baseUrl}${feedPath}`)).text();
    expect(feed).toContain(`SUMMARY:Påminnelsequiz ${suffix}`);
    expect(feed).toContain("TRIGGER:-PT2H");
    await expectNoAxeViolations(page);

    // Confirm from the mail: the link opens a page, its button confirms.
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
    const confirmLink = linkIn(mailsTo(email)[0]!, /http:\/\/\S+\/utskick\/bekrafta\/[A-Za-z0-9_-]+/);
    await page.goto(confirmLink);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Bekräfta" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Tack, nu är det bekräftat" }).count()).toBe(1);
    // Mina utskick, linked from the confirmation, shows the list and can end it.
    await page.getByRole("link", { name: "Mina utskick" }).click();
    await expect
      .poll(() => page.getByText(`påminnelser om quizkvällarna på Påminnelsequiz ${suffix}`).count())
      .toBe(1);
    await expectNoAxeViolations(page);
    // Pages whose address holds a key are never kept by the page cache (nor any other), on any request.
    for (const keyPage of [page.url(), confirmLink]) {
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(keyPage);
        expect(answer.status).toBe(200);
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("x-cache")).not.toBe("hit");
      }
    }

    // The night's day at 12:10: the 5-minute job (run now by the admin endpoint) sends the reminder.
    const night = nextOccurrence(WEEKDAY, "19:00", new Date(Date.now() + DAY));
    const noon = new Date(night.getTime() - (6 * 60 + 50) * 60_000);
    const run = await adminSend("POST", "/api/admin/list-mail", "{}", noon);
    expect(await run.json()).toMatchObject({ reminders: 1 });
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(2);
    const reminder = mailsTo(email).find((m) => m.text.includes("har quiz ikväll"));
    expect(reminder?.text).toContain(`Påminnelsequiz ${suffix} har quiz ikväll`);
    expect(reminder?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unsubscribeUrl = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(reminder!.raw)?.[1];
    expect(unsubscribeUrl).toMatch(/\/utskick\/avsluta\/[A-Za-z0-9_-]+$/);
    expect(reminder?.text).toContain(unsubscribeUrl);
    // Run again in the same slot: nothing twice.
    expect(await (await adminSend("POST", "/api/admin/list-mail", "{}", noon)).json()).toMatchObject({
      reminders: 0,
    });

    // An admin cancels the next night: the alert is queued with the cancellation and arrives.
    const nextNight = stockholmDate(new Date(night.getTime() + 7 * DAY));
    const cancelled = await adminSend(
      "POST",
      `/api/admin/events/${event.id}/exceptions`,
      JSON.stringify({ kind: "cancelled", date: nextNight, note: "Stängt för renovering" }),
      noon,
    );
    expect(cancelled.status).toBe(200);
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(3);
    const alert = mailsTo(email).find((m) => m.text.includes("Inställt:"));
    expect(alert?.text).toContain("(Stängt för renovering)");
    expect(alert?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // The mail client's one-click POST, from nowhere in particular: 200, and again is harmless.
    for (let i = 0; i < 2; i++) {
      const oneClick = await fetch(unsubscribeUrl!, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
    }

    // No more mail: the next reminder day sends nothing, another cancellation alerts nobody. A new follow
    // then shows the mail that came after the unsubscribe is only its confirmation.
    const later = new Date(noon.getTime() + 14 * DAY);
    expect(await (await adminSend("POST", "/api/admin/list-mail", "{}", later)).json()).toMatchObject({
      reminders: 0,
    });
    const again = await adminSend(
      "POST",
      `/api/admin/events/${event.id}/exceptions`,
      JSON.stringify({
        kind: "cancelled",
        date: stockholmDate(new Date(night.getTime() + 21 * DAY)),
      }),
      later,
    );
    expect(again.status).toBe(200);
    // The used link no longer names a list: the page says the link does not work (404).
    const reopened = await page.goto(unsubscribeUrl!);
    expect(reopened?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { name: "Länken fungerar inte" }).count()).toBe(1);
    await page.goto("/integritet");
    await expectNoAxeViolations(page);
    await page.goto(eventPath);
    await page.getByLabel("E-postadress").fill(email);
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(4);
    expect(mailsTo(email)[3]?.text).toContain("Öppna länken för att bekräfta");
  });
});
