import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, setupBrowser, waitForToast } from "../support/browser";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * A first start on its own server (the suite's shared server has had its password replaced already): the
 * printed one-time password signs in, and the admin must choose a password of its own before the dashboard.
 */
const browser = setupBrowser();
const SHOTS = process.env.SCREENSHOT_DIR;
let app: SpawnedServer;
let dataDir: string;
let printed: { email: string; password: string };

beforeAll(async () => {
  dataDir = tempDataDir("first-admin");
  app = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  const email = /Admin account created: (\S+)/.exec(app.output())?.[1];
  const password = /One-time password:\s+(\S+)/.exec(app.output())?.[1];
  if (!email || !password) throw new Error(`no admin credentials in the output:\n${app.output()}`);
  printed = { email, password };
}, 120_000);

afterAll(async () => {
  await stopServer(app);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function toast(page: Page, text: string) {
  await waitForToast(page, text);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** What an admin endpoint answers the page's session (the dashboard's data). */
function adminReports(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/admin/reports");
    return { status: response.status, body: await response.json() };
  });
}

async function setNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel("Nytt lösenord", { exact: true }).fill(password);
  await page.getByLabel("Bekräfta nytt lösenord", { exact: true }).fill(confirmation);
  await page.getByRole("button", { name: "Spara nytt lösenord" }).click();
}

describe("the first start's admin", () => {
  it("signs in with the printed password, is asked for a new one, sets it and reaches the dashboard", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /40[13]/ });
    await page.goto(`${app.baseUrl}/admin`);
    const panel = page.getByRole("tabpanel", { name: "Logga in" });
    await panel.getByLabel("E-post").fill(printed.email);
    await panel.getByLabel("Lösenord").fill(printed.password);
    await panel.getByRole("button", { name: "Logga in" }).click();

    // Welcomed, not "back", and asked for a password of its own instead of the dashboard.
    await toast(page, "Välkommen!");
    await page.getByRole("heading", { name: "Välj nytt lösenord" }).waitFor();
    await page.getByText("Du loggade in med engångslösenordet från första starten.").waitFor();
    expect(await page.locator("[data-sonner-toast]", { hasText: "Välkommen tillbaka!" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Adminpanel" }).count()).toBe(0);
    expect(await adminReports(page)).toEqual({
      status: 403,
      body: { error: "Välj ett eget lösenord innan du fortsätter." },
    });
    await shot(page, "first-admin-new-password-390");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // The new-password rules, with their messages.
    await setNewPassword(page, "mitt-eget-1", "mitt-eget-2");
    await toast(page, "Lösenorden matchar inte");
    await page.getByText("Kontrollera att båda lösenorden är identiska.").waitFor();
    await setNewPassword(page, "kort");
    await toast(page, "Lösenordet är för kort");
    await page.getByText("Lösenordet måste vara minst 6 tecken långt.").waitFor();

    await setNewPassword(page, "mitt-eget-losen");
    await toast(page, "Lösenord uppdaterat!");
    await page.getByRole("heading", { name: "Adminpanel" }).waitFor();
    expect((await adminReports(page)).status).toBe(200);
    await shot(page, "first-admin-dashboard-390");

    // The printed password is spent; the chosen one signs in (straight to the dashboard).
    const signIn = (password: string) =>
      page.evaluate(
        async (body) =>
          (
            await fetch("/api/auth/sign-in/email", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
            })
          ).status,
        { email: printed.email, password },
      );
    expect(await signIn(printed.password)).toBe(401);
    expect(await signIn("mitt-eget-losen")).toBe(200);
  }, 90_000);
});
