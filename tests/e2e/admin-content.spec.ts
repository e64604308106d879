import { randomUUID } from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { SHOWN_INCREMENT_EVENTS } from "~/features/beer-activity/beer-activity";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin, waitForToast } from "../support/browser";

/** The admin's content tools in the browser: the event form, card actions, reports panel, beer activity. */
const browser = setupBrowser();

async function adminPage(options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage(options);
  await signInAsAdmin(page);
  return page;
}

async function pngFile() {
  const buffer = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  return { name: "pub.png", mimeType: "image/png", buffer };
}

/** The page shows a run's totals and its first 50 events, and how many more there were. */
function expectShownIncrement(json: { updated: number; events: unknown[]; eventsNotShown?: number }) {
  const more = json.updated > SHOWN_INCREMENT_EVENTS;
  expect(Object.keys(json)).toEqual(["updated", "added", "events", ...(more ? ["eventsNotShown"] : [])]);
  expect(json.events.length).toBe(Math.min(json.updated, SHOWN_INCREMENT_EVENTS));
  if (more) expect(json.eventsNotShown).toBe(json.updated - SHOWN_INCREMENT_EVENTS);
}

describe("admin event form", () => {
  it("adds an event with an image and two schedule rows, then edits and deletes it", async () => {
    const page = await adminPage();
    // A Saturday: the Tuesday/Thursday quiz is neither tonight nor tomorrow, so its card shows its days.
    const saturday = "2026-11-28T11:00:00.000Z";
    await page.context().addCookies([{ name: "quizkvall_now", value: saturday, url: inject("baseUrl") }]);
    await page.clock.setFixedTime(new Date(saturday));
    const title = `E2E Quiz ${randomUUID().slice(0, 6)}`;
    await page.goto("/admin");
    await page.getByRole("button", { name: "Lägg till Quiz Manuellt" }).click();
    const form = page.locator("#admin-add-event");
    await form.getByRole("heading", { name: "Lägg till Quiz Manuellt" }).waitFor();

    // The form's defaults.
    expect(await form.getByLabel("Veckodag 1").inputValue()).toBe("Måndag");
    expect(await form.getByLabel("Tid 1").inputValue()).toBe("19:00");
    expect(await form.getByLabel("Stad").inputValue()).toBe("Göteborg");
    expect(await form.getByLabel("Max personer per lag").inputValue()).toBe("6");
    expect(await form.getByLabel("Hur ofta").inputValue()).toBe("weekly");
    expect(await form.getByRole("checkbox", { name: "Quiz", exact: true }).isChecked()).toBe(true);
    // The last schedule row cannot be removed.
    expect(await form.getByRole("button", { name: "Ta bort dag 1" }).isDisabled()).toBe(true);

    await form.getByLabel("Titel").fill(title);
    await form.getByLabel("Bild").setInputFiles(await pngFile());
    await form.getByLabel("Veckodag 1").selectOption("Tisdag");
    await form.getByRole("button", { name: "Lägg till dag" }).click();
    await form.getByLabel("Veckodag 2").selectOption("Torsdag");
    await form.getByLabel("Tid 2").fill("20:30");
    await form.getByLabel("Stad").selectOption("Stockholm");
    await form.getByRole("checkbox", { name: "MusikQuiz" }).check();
    await form.getByRole("button", { name: "Lägg till quiz", exact: true }).click();

    await waitForToast(page, "Quiz har lagts till");
    await form.waitFor({ state: "detached" });
    // Added in the admin hub; the home page lists it.
    await page.goto("/");
    const card = page.locator("article").filter({ hasText: title });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain("Flera dagar · Varje vecka");
    expect(await card.textContent()).toContain("Stockholm");

    // The card's image uses the resized variants, which the server answers as webp.
    const image = card.locator("img");
    const srcset = (await image.getAttribute("srcset")) ?? "";
    for (const width of [320, 640, 1024, 1920]) expect(srcset).toContain(`?w=${width} ${width}w`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const src = (await image.getAttribute("src")) ?? "";
    const variant = await page.request.get(src.replace(/\?w=\d+$/, "?w=1024"));
    expect(variant.status()).toBe(200);
    expect(variant.headers()["content-type"]).toBe("image/webp");
    expect(variant.headers()["cache-control"]).toContain("immutable");
    expect((await page.request.get(src.replace(/\?w=\d+$/, "?w=500"))).status()).toBe(400);

    // It is on the server too: a reload still lists it, and so do its city page and both weekday pages.
    await page.reload();
    await card.waitFor();
    for (const path of ["/quiz/stockholm", "/quiz/stockholm/tisdag", "/quiz/stockholm/torsdag"]) {
      const listing = await page.request.get(path);
      expect(listing.status()).toBe(200);
      expect(await listing.text()).toContain(title);
    }
    await page.goto("/");
    await card.waitFor();

    // Edit from the card.
    await card.getByRole("button", { name: `Redigera ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Redigera Quiz" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Veckodag 2").inputValue()).toBe("Torsdag");
    await dialog.getByLabel("Titel").fill(`${title} ny`);
    await dialog.getByLabel("Tid 1").fill("18:45");
    await dialog.getByRole("button", { name: "Spara ändringar" }).click();
    await waitForToast(page, "Quiz har uppdaterats");
    await dialog.waitFor({ state: "detached" });
    const edited = page.locator("article").filter({ hasText: `${title} ny` });
    await edited.waitFor();
    const eventPage = await page.request.get(
      (await edited.getByRole("link", { name: `Mer info om ${title} ny` }).getAttribute("href")) ?? "",
    );
    expect(await eventPage.text()).toContain("18:45");

    // Delete from the card, with its confirmation.
    await edited.getByRole("button", { name: `Ta bort ${title} ny` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText("Är du säker på att du vill ta bort detta quiz? Detta kan inte ångras.")
      .waitFor();
    await confirm.getByRole("button", { name: "Ta bort" }).click();
    await waitForToast(page, "Quiz har tagits bort framgångsrikt");
    await edited.waitFor({ state: "detached" });
    await page.reload();
    await page
      .getByRole("button", { name: / skålar – skåla för / })
      .first()
      .waitFor();
    expect(await page.locator("article").filter({ hasText: title }).count()).toBe(0);
  });

  it("shows 'Titel är obligatorisk' for an empty title and sends nothing", async () => {
    const page = await adminPage({ viewport: PHONE });
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().includes("/admin/events") && r.method() === "POST") posts++;
    });
    await page.goto("/admin");
    await page.getByRole("button", { name: "Lägg till Quiz Manuellt" }).click();
    await page.getByLabel("Titel").fill("   ");
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    await waitForToast(page, "Titel är obligatorisk");
    expect(posts).toBe(0);
    // The form stays open for the admin to fix it.
    expect(await page.getByLabel("Titel").isVisible()).toBe(true);
  });

  it("refuses an SVG with a clear message and keeps the form", async () => {
    const page = await adminPage({ expectedConsoleErrors: /status of 400/ });
    await page.goto("/admin");
    await page.getByRole("button", { name: "Lägg till Quiz Manuellt" }).click();
    await page.getByLabel("Titel").fill(`SVG ${randomUUID().slice(0, 6)}`);
    await page.getByLabel("Bild").setInputFiles({
      name: "bild.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    // The form posts through its fetcher (no page load) and the action refuses the file.
    const answer = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/admin/events/new.data",
    );
    await page.getByRole("button", { name: "Lägg till quiz", exact: true }).click();
    expect((await answer).status()).toBe(400);
    await page.getByRole("alert").filter({ hasText: "SVG tillåts inte" }).waitFor();
    await waitForToast(page, "Kunde inte ladda upp bilden");
    expect(await page.getByRole("button", { name: "Lägg till quiz", exact: true }).isEnabled()).toBe(true);
  });

  it("keeps the add form and the reports panel mutually exclusive, and is axe clean in both themes", {
    timeout: 150_000,
  }, async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await adminPage({ viewport: DESKTOP, colorScheme });
      // A waiting and a resolved report, so that both looks are checked.
      await resolveReport(page, await createReport(page, `Axe ${colorScheme} ${randomUUID().slice(0, 6)}`));
      await createReport(page, `Axe ${colorScheme} ${randomUUID().slice(0, 6)}`);
      await page.goto("/admin");
      await page.getByRole("button", { name: "Lägg till Quiz Manuellt" }).click();
      await page.locator("#admin-add-event").waitFor();
      const admin = () => new AxeBuilder({ page }).include('section[aria-label="Administration"]');
      let results = await admin().analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
      await page.getByRole("button", { name: "Visa/Dölj Rapporter" }).click();
      await page.getByRole("heading", { name: "Rapporter", exact: true }).waitFor();
      expect(await page.locator("#admin-add-event").count()).toBe(0);
      results = await admin().analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
    }
  });
});

/** A real report, sent as a visitor's suggestion (stored as a waiting "Saknat quiz" titled by the venue). */
async function createReport(page: Page, venueName: string): Promise<string> {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/api/suggestions`, {
    data: { venueName, city: "Göteborg", additionalInfo: "Quiz varje tisdag." },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { report: { id: string } }).report.id;
}

/** Resolves a report through the panel's route action, as another admin's browser would. */
async function resolveReport(page: Page, id: string) {
  const baseUrl = inject("baseUrl");
  const response = await page.request.post(`${baseUrl}/admin/reports/${id}`, {
    form: { intent: "resolve" },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

describe("reports panel", () => {
  // Real reports: each test sends its own as a visitor and finds them by their unique titles.
  async function openPanel(page: Page) {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Visa/Dölj Rapporter" }).click();
    const list = page.getByRole("list", { name: "Rapporter" });
    await list.getByRole("listitem").first().waitFor();
    return list;
  }

  it("lists reports newest first, resolves and deletes them, and the server keeps the change", async () => {
    const page = await adminPage();
    const older = `Äldre pub ${randomUUID().slice(0, 6)}`;
    const newer = `Nyare pub ${randomUUID().slice(0, 6)}`;
    await createReport(page, older);
    await createReport(page, newer);
    let list = await openPanel(page);
    const titles = await list.getByRole("heading").allTextContents();
    expect(titles.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(newer)).toBeLessThan(titles.indexOf(older));

    let item = list.getByRole("listitem", { name: newer });
    expect(await item.textContent()).toContain("Saknat quiz");
    expect(await item.textContent()).toContain("Väntar");
    // Only resolved reports can be deleted.
    expect(await item.getByRole("button", { name: /Radera/ }).count()).toBe(0);

    await item.getByRole("button", { name: `Markera ${newer} som löst` }).click();
    await waitForToast(page, "Rapport löst");
    await item.getByText(/^Löst \d/).waitFor();

    // Resolved on the server: a fresh panel shows it so.
    list = await openPanel(page);
    item = list.getByRole("listitem", { name: newer });
    await item.getByText(/^Löst \d/).waitFor();
    expect(await item.getByRole("button", { name: `Markera ${newer} som löst` }).count()).toBe(0);

    await item.getByRole("button", { name: `Radera ${newer}` }).click();
    await waitForToast(page, "Rapport raderad");
    await expect.poll(() => item.count()).toBe(0);
    list = await openPanel(page);
    await list.getByRole("listitem", { name: older }).waitFor();
    expect(await list.getByRole("listitem", { name: newer }).count()).toBe(0);
  });

  it("puts a report back with the error toast when the server refuses its resolve or delete", async () => {
    // Another admin resolves and deletes the same reports meanwhile, so the server refuses with a 404.
    const page = await browser.newPage({ expectedConsoleErrors: /status of 404/ });
    await signInAsAdmin(page);
    const other = await adminPage();
    const pending = `Väntande pub ${randomUUID().slice(0, 6)}`;
    const resolved = `Löst pub ${randomUUID().slice(0, 6)}`;
    const pendingId = await createReport(page, pending);
    const resolvedId = await createReport(page, resolved);
    await resolveReport(page, resolvedId);
    const list = await openPanel(page);
    await list.getByRole("listitem", { name: resolved }).waitFor();

    for (const id of [pendingId, resolvedId]) {
      await resolveReport(other, id);
      const deleted = await other.request.post(`${inject("baseUrl")}/admin/reports/${id}`, {
        form: { intent: "delete" },
        headers: { Origin: inject("baseUrl") },
      });
      expect(deleted.status()).toBe(200);
    }

    const waiting = list.getByRole("listitem", { name: pending });
    await waiting.getByRole("button", { name: `Markera ${pending} som löst` }).click();
    await waitForToast(page, "Kunde inte markera rapport som löst");
    expect(await waiting.textContent()).toContain("Väntar");
    expect(await waiting.getByRole("button", { name: `Markera ${pending} som löst` }).isVisible()).toBe(true);

    const done = list.getByRole("listitem", { name: resolved });
    await done.getByRole("button", { name: `Radera ${resolved}` }).click();
    await waitForToast(page, "Kunde inte radera rapport");
    await done.getByRole("button", { name: `Radera ${resolved}` }).waitFor();
    expect(await done.textContent()).toContain("Löst");
  });
});

describe("beer activity", () => {
  it("redirects visitors to /admin", async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 404/ });
    await page.goto("/admin/beer-activity");
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  it("runs the forced increment, shows its JSON and switches period and mode", async () => {
    const page = await adminPage();
    await page.goto("/admin/beer-activity");
    await page.getByRole("heading", { name: "Öl-aktivitet" }).waitFor();
    await page.getByText("Funktionen lägger till 0 till 8 öl per event.").waitFor();
    expect(await page.getByLabel("Period").inputValue()).toBe("6");
    expect(await page.getByRole("radio", { name: "Sammanfattning" }).isChecked()).toBe(true);

    await page.getByRole("button", { name: "Kör öl-ökningen nu" }).click();
    const result = page.getByLabel("Resultat");
    await result.waitFor();
    const json = JSON.parse(await result.inputValue());
    expectShownIncrement(json);
    expect(json.updated).toBeGreaterThan(0);
    if (json.eventsNotShown)
      await page.getByText(`Visar de första ${SHOWN_INCREMENT_EVENTS} av ${json.updated} event.`).waitFor();
    expect(json.events[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      added: expect.any(Number),
    });

    await page.getByLabel("Period").selectOption("168");
    await page.waitForURL(/hours=168/);
    await page.getByText("Detaljerad").click();
    await page.waitForURL(/mode=detailed/);
    await page.getByText("Totalt antal skålningar:").waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  it("runs the forced increment and the week's NutidsQuiz without JavaScript: each page shows the answer", async () => {
    const page = await adminPage({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto("/admin/beer-activity");
    await page.getByRole("button", { name: "Kör öl-ökningen nu" }).click();
    await page.waitForURL(/\/admin\/beer-activity$/);
    expectShownIncrement(JSON.parse(await page.getByLabel("Resultat").inputValue()));

    // The demo has this week's quiz: the list says so and links to its editor.
    await page.goto("/admin/quizzes");
    await page.getByRole("button", { name: "Generera veckans NutidsQuiz" }).click();
    const label = `NutidsQuiz vecka ${nutidsQuizWeekFor(new Date()).week}`;
    await page
      .getByRole("status")
      .filter({ hasText: `${label} finns redan` })
      .waitFor();
    expect(await page.getByRole("link", { name: "Öppna", exact: true }).getAttribute("href")).toMatch(
      /^\/admin\/quizzes\/[0-9a-f-]+\/edit$/,
    );
  });

  it("exports a CSV with the summary header, or says 'Ingen data' when the period is empty", async () => {
    const page = await adminPage();
    await page.goto("/admin/beer-activity?hours=1");
    const total = Number(await page.getByTestId("beer-total").textContent());
    if (total === 0) {
      await page.getByRole("button", { name: "Exportera CSV" }).click();
      await waitForToast(page, "Det finns ingen data att exportera");
      return;
    }
    // With clicks in the period the export is a download link to the server's CSV.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportera CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ol-aktivitet-summary-1h-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await download.path(), "utf8");
    expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Quiz;Stad;Plats;Antal interaktioner;Första interaktion;Senaste interaktion",
    );
  });
});
