import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { outboxFor } from "./outbox";

/** The newest sign-in link mailed to `email`, once the delivery worker has written it. */
export async function hostSignInLink(email: string): Promise<string> {
  await expect.poll(() => outboxFor(inject("dataDir"), email).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = outboxFor(inject("dataDir"), email).at(-1)!;
  const link = /http:\/\/\S+\/quizvard\/logga-in\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in ${mail.file}`);
  return link;
}

/** Opens a mailed sign-in link and presses its page's button, as the host does. */
export async function openSignInLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
}

/** A visitor's claim from the event page's "Är det här ditt quiz?", sent and thanked for. */
export async function claimEvent(
  page: Page,
  eventPath: string,
  fields: { name: string; email: string; role: string },
): Promise<void> {
  await page.goto(eventPath);
  await page.getByRole("link", { name: "Är det här ditt quiz?" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Är det här ditt quiz?" }).count()).toBe(1);
  await page.getByLabel("Namn").fill(fields.name);
  await page.getByLabel("E-postadress").fill(fields.email);
  await page.getByLabel("Din roll på stället").fill(fields.role);
  await page.getByLabel("Meddelande").fill("Jag håller i quizet varje vecka.");
  await page.getByRole("button", { name: "Skicka ansökan" }).click();
  await expect.poll(() => page.getByRole("status").filter({ hasText: "Tack!" }).count()).toBe(1);
}

/** An admin's approval of the claim from `name` in /admin/quizvardar. */
export async function approveClaim(admin: Page, name: string): Promise<void> {
  await admin.goto("/admin/quizvardar");
  const card = admin.getByRole("listitem", { name: `Ansökan från ${name}` });
  await card.getByRole("button", { name: "Godkänn" }).click();
  await expect
    .poll(() => admin.getByRole("status").filter({ hasText: "Ansökan är godkänd" }).count())
    .toBe(1);
}

/**
 * A weekly 19:00 quiz in Malmö made through the admin's JSON endpoint by the signed-in `page`; `email` is the
 * listing's contact address (where a host's claim is checked against), empty for none.
 */
export async function createMalmoEvent(
  page: Page,
  event: { title: string; weekday: string; location: string; email?: string },
) {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/api/admin/events`, {
    headers: { Origin: baseUrl },
    multipart: {
      title: event.title,
      scheduleWeekday: event.weekday,
      scheduleTime: "19:00",
      city: "Malmö",
      quizType: "Quiz",
      location: event.location,
      email: event.email ?? "",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).event as { id: string; citySlug: string; slug: string };
}
