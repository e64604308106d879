import { describe, expect, inject, it } from "vitest";
import { setupBrowser, signInAsAdmin } from "../support/browser";
import { outboxFor } from "../support/outbox";

/**
 * "Påminn mig" and "Få veckans NutidsQuiz" without JavaScript: plain forms posting to /utskick/ny, which
 * answers with the same words as the forms do in place; with JavaScript they still answer in place.
 */
const browser = setupBrowser();
const mailsTo = (email: string) => outboxFor(inject("dataDir"), email);

async function createEvent(title: string): Promise<string> {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  const form = new FormData();
  const fields: Record<string, string> = {
    title,
    scheduleWeekday: "Tisdag",
    scheduleTime: "19:00",
    location: "Skriptfria puben",
    city: "Stockholm",
    quizType: "Quiz",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const response = await admin.request.post("/api/admin/events", {
    multipart: form,
    headers: { origin: inject("baseUrl") },
  });
  expect(response.status()).toBe(201);
  const { event } = (await response.json()) as { event: { citySlug: string; slug: string } };
  return `/quiz/${event.citySlug}/${event.slug}`;
}

describe("list signup without JavaScript", () => {
  it("Påminn mig: a bad address gets the Swedish error beside the field, a good one the thanks and the confirmation mail", {
    timeout: 60_000,
  }, async () => {
    const suffix = Date.now().toString(36);
    const title = `Skriptfritt quiz ${suffix}`;
    const eventPath = await createEvent(title);
    // The refused address is answered with a 400 page, which Chromium reports on the console.
    const page = await browser.newPage({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400/ });
    await page.goto(eventPath);

    // The star lives in the browser's storage: without JavaScript it is not offered. The calendar menu is a
    // disclosure and works.
    expect(await page.getByRole("button", { name: "Spara i Mina quiz" }).count()).toBe(0);
    await page.getByText("Lägg till i kalender").click();
    expect(await page.getByRole("link", { name: /Ladda ner kalenderfil/ }).isVisible()).toBe(true);

    await page.getByLabel("E-postadress").fill("inte-en-adress");
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await page.waitForURL("**/utskick/ny");
    const field = page.getByLabel("E-postadress");
    expect(await field.inputValue()).toBe("inte-en-adress");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    const errorId = (await field.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe("Ange en giltig e-postadress.");

    const email = `skriptfri-${suffix}@example.se`;
    await field.fill(email);
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Tack! Om adressen stämmer" }).count())
      .toBe(1);
    expect(await page.getByRole("link", { name: `Tillbaka till ${title}` }).getAttribute("href")).toBe(
      eventPath,
    );
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
    expect(mailsTo(email)[0]?.text).toContain("Öppna länken för att bekräfta");
  });

  it("Få veckans NutidsQuiz posts the same way", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/veckans-nutidsquiz");
    const email = `nutid-skriptfri-${Date.now().toString(36)}@example.se`;
    await page.getByLabel("E-postadress").fill(email);
    await page.getByRole("button", { name: "Få veckans NutidsQuiz" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "bekräftar prenumerationen" }).count())
      .toBe(1);
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
  });

  it("with JavaScript the form answers in place, and the star is offered", async () => {
    const eventPath = await createEvent(`Skriptquiz ${Date.now().toString(36)}`);
    const page = await browser.newPage();
    await page.goto(eventPath);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    expect(await page.getByRole("button", { name: "Spara i Mina quiz" }).count()).toBe(1);
    await page.getByLabel("E-postadress").fill("inte-en-adress");
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await expect.poll(() => page.getByText("Ange en giltig e-postadress.").count()).toBe(1);
    await page.getByLabel("E-postadress").fill(`skript-${Date.now().toString(36)}@example.se`);
    await page.getByRole("button", { name: "Påminn mig" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Tack!" }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(eventPath);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });
});
