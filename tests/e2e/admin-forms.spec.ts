import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { PHONE, setupBrowser, signInAsAdmin, waitForToast } from "../support/browser";

/**
 * The one way an admin form writes: a route action the form posts to, one schema in the browser and the
 * action, errors beside their fields with focus on the first, and a toast that says what really failed.
 */
const browser = setupBrowser();

async function adminPage(options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage(options);
  await signInAsAdmin(page);
  return page;
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** An event made through the JSON endpoint, to edit in the browser. */
async function createEvent(page: Page, title: string): Promise<string> {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/api/admin/events`, {
    headers: { Origin: baseUrl },
    multipart: { title, scheduleWeekday: "Tisdag", scheduleTime: "19:00", city: "Malmö", quizType: "Quiz" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).event.id;
}

async function pngFile() {
  const buffer = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#a52" } })
    .png()
    .toBuffer();
  return { name: "pub.png", mimeType: "image/png", buffer };
}

/** The error text a control points at with aria-describedby, beside the field. */
async function errorOf(page: Page, label: string) {
  const control = page.getByLabel(label, { exact: true });
  expect(await control.getAttribute("aria-invalid")).toBe("true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => el === document.activeElement);

describe("admin forms", () => {
  it("shows each field's error beside it and focuses the first, posting nothing", async () => {
    const page = await adminPage({ viewport: PHONE });
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().includes("/admin/events") && r.method() === "POST") posts++;
    });
    await page.goto("/admin/events/new");
    await page.getByLabel("Titel", { exact: true }).fill("Fältfel");
    await page.getByLabel("Länk till plats (karta)").fill("karta");
    await page.getByLabel("E-post").fill("inte-en-adress");
    await page.getByLabel("Telefon").fill("Ring mig");
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();

    await expect.poll(() => isFocused(page, "Länk till plats (karta)")).toBe(true);
    expect(await errorOf(page, "Länk till plats (karta)")).toContain("Ange en giltig webbadress (https://…)");
    expect(await errorOf(page, "E-post")).toContain("Ange en giltig e-postadress");
    expect(await errorOf(page, "Telefon")).toContain(
      "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser",
    );
    expect(await page.getByLabel("Titel", { exact: true }).getAttribute("aria-invalid")).toBeNull();
    await waitForToast(page, "Ange en giltig webbadress");
    expect(posts).toBe(0);
    const axe = await new AxeBuilder({ page }).include("main").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

    // Fixed, the form posts and the errors go.
    await page.getByLabel("Länk till plats (karta)").fill("");
    await page.getByLabel("E-post").fill("");
    await page.getByLabel("Telefon").fill("040-12 34 56");
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    await waitForToast(page, "Quiz har lagts till");
    expect(posts).toBe(1);
    expect(await page.getByLabel("Telefon").getAttribute("aria-invalid")).toBeNull();
  });

  it("puts the server's refusal of an image beside the image and says the upload failed", async () => {
    const page = await adminPage({ expectedConsoleErrors: /status of 400/ });
    await page.goto("/admin/events/new");
    await page.getByLabel("Titel", { exact: true }).fill(`SVG ${randomUUID().slice(0, 6)}`);
    await page.getByLabel("Bild").setInputFiles({
      name: "bild.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    await waitForToast(page, "Kunde inte ladda upp bilden");
    expect(await errorOf(page, "Bild")).toContain("SVG tillåts inte");
    await expect.poll(() => isFocused(page, "Bild")).toBe(true);
  });

  it("refuses an image over the upload limit in the browser, at the field, keeping what was typed", async () => {
    const page = await adminPage();
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().includes("/admin/events") && r.method() === "POST") posts++;
    });
    await page.goto("/admin/events/new");
    const title = `Stor bild ${randomUUID().slice(0, 6)}`;
    await page.getByLabel("Titel", { exact: true }).fill(title);
    // The e2e server keeps the default limit, 5 MB; the server itself would refuse this body before the action.
    const png = (await pngFile()).buffer;
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    await page.getByLabel("Bild").setInputFiles({ name: "stor.png", mimeType: "image/png", buffer: big });
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();

    await waitForToast(page, "Kunde inte ladda upp bilden");
    expect(await errorOf(page, "Bild")).toContain("Bilden är för stor. Största tillåtna storlek är 5 MB.");
    await expect.poll(() => isFocused(page, "Bild")).toBe(true);
    expect(await page.getByLabel("Titel", { exact: true }).inputValue()).toBe(title);
    expect(posts).toBe(0);
  });

  it("does not blame the image when a save with a fine image fails for another reason", async () => {
    const page = await adminPage({ expectedConsoleErrors: /status of 404/ });
    const title = `Borta ${randomUUID().slice(0, 6)}`;
    const id = await createEvent(page, title);
    await page.goto(`/admin/events/${id}/edit`);
    await page.getByRole("heading", { name: "Redigera Quiz" }).waitFor();
    // Another admin removes the event while this one edits it.
    const baseUrl = inject("baseUrl");
    const removed = await page.request.delete(`${baseUrl}/api/admin/events/${id}`, {
      headers: { Origin: baseUrl },
    });
    expect(removed.status()).toBe(200);

    await page.getByLabel("Bild").setInputFiles(await pngFile());
    await page.getByRole("button", { name: "Spara ändringar" }).click();
    const failed = toast(page, "Eventet finns inte");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Fel");
    expect(await toast(page, "Kunde inte ladda upp bilden").count()).toBe(0);
    expect(await page.getByRole("alert").filter({ hasText: "Eventet finns inte" }).count()).toBe(1);
  });

  it("empties the page's form after adding, and says so when an event is deleted from its page", async () => {
    const page = await adminPage();
    await page.goto("/admin/events/new");
    await page.getByLabel("Titel", { exact: true }).fill(`Ny sida ${randomUUID().slice(0, 6)}`);
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    await waitForToast(page, "Quiz har lagts till");
    await expect.poll(() => page.getByLabel("Titel", { exact: true }).inputValue()).toBe("");

    const id = await createEvent(page, `Tas bort ${randomUUID().slice(0, 6)}`);
    await page.goto(`/admin/events/${id}/edit`);
    await page.getByRole("button", { name: "Ta bort", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Ta bort", exact: true }).click();
    await waitForToast(page, "Quiz har tagits bort framgångsrikt");
    await page.getByRole("status").filter({ hasText: "Quiz har tagits bort framgångsrikt" }).waitFor();
    const baseUrl = inject("baseUrl");
    expect((await page.request.get(`${baseUrl}/api/admin/events/${id}`)).status()).toBe(404);
  });
});

describe("the quiz editor's forms", () => {
  it("shows the schema's message beside the title and focuses it, posting nothing", async () => {
    const page = await adminPage();
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().includes("/admin/quizzes") && r.method() === "POST") posts++;
    });
    await page.goto("/admin/quizzes/new");
    await page.getByLabel("Beskrivning").fill("Utan titel");
    await page.getByRole("button", { name: "Skapa Quiz" }).click();
    await expect.poll(() => isFocused(page, "Titel")).toBe(true);
    expect(await errorOf(page, "Titel")).toContain("Titel krävs");
    expect(posts).toBe(0);
  });

  it("answers a post without JavaScript with the same message beside the title", async () => {
    const page = await adminPage({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400/ });
    await page.goto("/admin/quizzes/new");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/admin/quizzes/new") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Skapa Quiz" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    expect(await errorOf(page, "Titel")).toContain("Titel krävs");
  });
});

describe("admin forms without JavaScript", () => {
  it("answers a bad post with the page: errors beside the fields, the values kept; a good one saves", async () => {
    const page = await adminPage({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400/ });
    await page.goto("/admin/events/new");
    const title = `Utan JS ${randomUUID().slice(0, 6)}`;
    await page.getByLabel("Titel", { exact: true }).fill(title);
    await page.getByLabel("Telefon").fill("Ring mig");
    await page.getByLabel("Stad").selectOption("Stockholm");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/admin/events/new") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Lägg till quiz", exact: true }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    expect(await errorOf(page, "Telefon")).toContain(
      "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser",
    );
    expect(await page.getByLabel("Titel", { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel("Telefon").inputValue()).toBe("Ring mig");
    expect(await page.getByLabel("Stad").inputValue()).toBe("Stockholm");

    await page.getByLabel("Telefon").fill("08-12 34 56");
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Quiz har lagts till" }).waitFor();
    const listing = await page.request.get("/quiz/stockholm");
    expect(await listing.text()).toContain(title);
  });
});
