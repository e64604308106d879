import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser, waitForToast } from "../support/browser";
import { outboxFor, resetCodeIn, resetLinkIn } from "../support/outbox";

const browser = setupBrowser();

function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.se`;
}

async function toast(page: Page, text: string) {
  await waitForToast(page, text);
}

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Registrera" }).click();
  const panel = page.getByRole("tabpanel", { name: "Registrera" });
  await panel.getByLabel("E-post").fill(email);
  await panel.getByLabel("Lösenord").fill(password);
  await panel.getByRole("button", { name: "Skapa konto" }).click();
  await toast(page, "Kontrollera din e-post");
}

async function signIn(page: Page, email: string, password: string) {
  const panel = page.getByRole("tabpanel", { name: "Logga in" });
  await panel.getByLabel("E-post").fill(email);
  await panel.getByLabel("Lösenord").fill(password);
  await panel.getByRole("button", { name: "Logga in" }).click();
}

async function requestReset(page: Page, email: string) {
  await page.getByRole("button", { name: "Glömt lösenordet?" }).click();
  await fill(page, "E-post", email);
  await page.getByRole("button", { name: "Skicka återställningslänk" }).click();
  await toast(page, "E-post skickad!");
}

async function latestMail(email: string) {
  const resetMails = () => outboxFor(inject("dataDir"), email).filter((m) => m.text.includes("token_hash"));
  await expect.poll(() => resetMails().length).toBeGreaterThan(0);
  const mail = resetMails().at(-1);
  if (!mail) throw new Error(`no reset mail for ${email}`);
  return mail;
}

async function setNewPassword(page: Page, password: string, confirmation = password) {
  await fill(page, "Nytt lösenord", password);
  await fill(page, "Bekräfta nytt lösenord", confirmation);
  await page.getByRole("button", { name: "Spara nytt lösenord" }).click();
}

describe("accounts on /admin", () => {
  it("signs up an ordinary account, which gets no dashboard; a wrong password fails", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /401/ });
    const email = uniqueEmail("vanlig");
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Registrera" }).click();
    await page.getByText("Kontakta administratören för att få adminrättigheter.").waitFor();
    await signUp(page, email, "hemligt1");

    await signIn(page, email, "fel-losen");
    await toast(page, "Inloggning misslyckades");

    await signIn(page, email, "hemligt1");
    await toast(page, "Välkommen tillbaka!");
    await page.getByText("Kontot har inga adminrättigheter").waitFor();
    expect(await page.getByRole("link", { name: /Hantera Quiz/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Logga ut" }).click();
    await toast(page, "Utloggad");
    await page.getByRole("tab", { name: "Logga in" }).waitFor();
  });

  it("changes the password of a signed-in account", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /400|401/ });
    const email = uniqueEmail("byt");
    await signUp(page, email, "gammalt1");
    await signIn(page, email, "gammalt1");
    await toast(page, "Välkommen tillbaka!");
    await page.getByRole("button", { name: "Byt lösenord" }).click();
    const dialog = page.getByRole("dialog", { name: "Byt lösenord" });
    await dialog.getByLabel("Nuvarande lösenord").fill("fel-losen");
    await dialog.getByLabel("Nytt lösenord", { exact: true }).fill("nyttlosen");
    await dialog.getByLabel("Bekräfta nytt lösenord").fill("nyttlosen");
    await dialog.getByRole("button", { name: "Spara nytt lösenord" }).click();
    await toast(page, "Fel vid lösenordsuppdatering");
    await dialog.getByLabel("Nuvarande lösenord").fill("gammalt1");
    await dialog.getByRole("button", { name: "Spara nytt lösenord" }).click();
    await toast(page, "Lösenord uppdaterat!");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Logga ut" }).click();
    await toast(page, "Utloggad");
    await signIn(page, email, "nyttlosen");
    await page.getByText("Kontot har inga adminrättigheter").waitFor();
  });

  it("shows the admin dashboard and signs out", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/admin");
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    await toast(page, "Välkommen tillbaka!");
    await page.getByRole("heading", { name: "Adminpanel" }).waitFor();
    const expected = {
      "Hantera Quiz": "/admin/quizzes",
      "Öl Aktivitet": "/admin/beer-activity",
      Användarsida: "/",
      "Skapa nytt quiz": "/admin/quizzes/new",
      "Visa publika quiz": "/quiz",
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(await page.getByRole("link", { name: new RegExp(name) }).getAttribute("href")).toBe(href);
    }
    // Toasts fade in and out; check the page itself once they are gone.
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    await page.getByRole("button", { name: "Logga ut" }).click();
    await toast(page, "Utloggad");
    await page.getByRole("tab", { name: "Logga in" }).waitFor();
  });

  it("signs in without JavaScript: a refusal is said in the form, the right password opens the dashboard", async () => {
    // The refused sign-in's page is answered 401.
    const page = await browser.newPage({
      viewport: PHONE,
      javaScriptEnabled: false,
      expectedConsoleErrors: /401/,
    });
    await page.goto("/admin");
    const panel = page.getByRole("tabpanel", { name: "Logga in" });
    await panel.getByLabel("E-post").fill(uniqueEmail("finns-inte"));
    await panel.getByLabel("Lösenord").fill("fel-losen");
    await panel.getByRole("button", { name: "Logga in" }).click();
    const refusal = panel.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("Fel e-post eller lösenord.");

    await panel.getByLabel("E-post").fill(inject("adminEmail"));
    await panel.getByLabel("Lösenord").fill(inject("adminPassword"));
    await panel.getByRole("button", { name: "Logga in" }).click();
    await page.getByRole("heading", { name: "Adminpanel" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(await page.getByRole("link", { name: /Hantera Quiz/ }).getAttribute("href")).toBe(
      "/admin/quizzes",
    );
  });

  it("resets the password through the e-mailed link, once", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /401|400/ });
    const email = uniqueEmail("lank");
    await signUp(page, email, "gammalt1");
    await requestReset(page, email);
    const link = resetLinkIn(await latestMail(email));

    await page.goto(link);
    await page.getByRole("heading", { name: "Välj nytt lösenord" }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/admin");

    await setNewPassword(page, "nyttlosen", "annat-losen");
    await toast(page, "Lösenorden matchar inte");
    await setNewPassword(page, "kort", "kort");
    await toast(page, "Lösenordet är för kort");
    await setNewPassword(page, "nyttlosen");
    await toast(page, "Lösenord uppdaterat!");

    await signIn(page, email, "gammalt1");
    await toast(page, "Inloggning misslyckades");
    await signIn(page, email, "nyttlosen");
    await toast(page, "Välkommen tillbaka!");

    // The same link again: used up.
    const again = await browser.newPage({ viewport: PHONE });
    await again.goto(link);
    await again
      .getByRole("alert")
      .filter({ hasText: "Återställningslänken är ogiltig eller har gått ut. Begär en ny länk." })
      .waitFor();
    expect(await again.getByRole("heading", { name: "Välj nytt lösenord" }).count()).toBe(0);
  });

  it("resets the password with the e-mailed code", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, expectedConsoleErrors: /401|400/ });
    const email = uniqueEmail("kod");
    await signUp(page, email, "gammalt1");
    await page.getByRole("button", { name: "Glömt lösenordet?" }).click();
    await fill(page, "E-post", "");
    await page.getByRole("button", { name: "Skicka återställningslänk" }).click();
    await toast(page, "E-post krävs");
    await fill(page, "E-post", email);
    await page.getByRole("button", { name: "Skicka återställningslänk" }).click();
    await toast(page, "E-post skickad!");
    const code = resetCodeIn(await latestMail(email));

    await page.getByRole("heading", { name: "Ange kod" }).waitFor();
    await page.getByRole("button", { name: "Verifiera kod" }).click();
    await toast(page, "Kod eller e-post saknas");
    await fill(page, "Kod", `  ${code} `);
    await page.getByRole("button", { name: "Verifiera kod" }).click();
    await toast(page, "Verifierad!");
    await setNewPassword(page, "nyttlosen");
    await toast(page, "Lösenord uppdaterat!");

    await signIn(page, email, "gammalt1");
    await toast(page, "Inloggning misslyckades");
    await signIn(page, email, "nyttlosen");
    await toast(page, "Välkommen tillbaka!");
  });

  it("shows the red boxes for a bad link and the access-denied notice", async () => {
    const page = await browser.newPage({ viewport: PHONE, colorScheme: "dark" });
    await page.goto("/admin?token_hash=utgangentoken123456&type=recovery");
    await page
      .getByRole("alert")
      .filter({ hasText: "Återställningslänken är ogiltig eller har gått ut. Begär en ny länk." })
      .waitFor();
    await page.goto("/admin?code=%21");
    await page
      .getByRole("alert")
      .filter({ hasText: "Kunde inte verifiera länken. Begär en ny återställningslänk." })
      .waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await page.goto("/admin?error=access_denied");
    await page.getByRole("alert").filter({ hasText: "Åtkomst nekad" }).waitFor();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  it("is not indexed, and the sign-in page passes axe in light mode", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/admin");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await page.getByRole("tab", { name: "Logga in" }).waitFor();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  });
});
