import { type Browser, type BrowserContext, chromium, type Page, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/**
 * One Chromium per test file. Pages report console errors and uncaught exceptions; a test that produces
 * any fails (STYLE rule 11).
 */
export function setupBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    const seen = problems.splice(0);
    if (seen.length) throw new Error(`browser console errors:\n${seen.join("\n")}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl: () => inject("baseUrl"),
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        javaScriptEnabled?: boolean;
        colorScheme?: "light" | "dark";
        /** Console errors the test provokes on purpose (a 404 page, a blocked request). */
        expectedConsoleErrors?: RegExp;
        /** The position the browser reports, and the permissions granted (["geolocation"] to give it). */
        geolocation?: { latitude: number; longitude: number };
        permissions?: string[];
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: inject("baseUrl"),
        viewport: options.viewport ?? DESKTOP,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        colorScheme: options.colorScheme ?? "light",
        locale: "sv-SE",
        timezoneId: "Europe/Stockholm",
        geolocation: options.geolocation,
        permissions: options.permissions,
      });
      contexts.push(context);
      if (options.javaScriptEnabled !== false) await context.addInitScript(recordToasts);
      const page = await context.newPage();
      if (options.javaScriptEnabled !== false) {
        // Interacting before hydration would hit server-rendered markup with no handlers yet; every
        // navigation therefore waits until the app marks the document hydrated (non-HTML answers pass).
        const goto = page.goto.bind(page);
        page.goto = async (url, gotoOptions) => {
          const response = await goto(url, gotoOptions);
          await waitForHydration(page, response);
          return response;
        };
        const reload = page.reload.bind(page);
        page.reload = async (reloadOptions) => {
          const response = await reload(reloadOptions);
          await waitForHydration(page, response);
          return response;
        };
      }
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A failed resource names itself only in the message's location.
        const text = `${message.text()} ${message.location().url}`.trim();
        if (options.expectedConsoleErrors?.test(text)) return;
        // The specs share one server: an event another spec's admin deletes takes its uploaded image with it,
        // and a page read a moment before still asks for it. (Specs about images assert that they load.)
        if (/status of 404\b.*\/images\/event-images\//.test(text)) return;
        problems.push(`${page.url()}: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
      return page;
    },
  };
}

/**
 * Waits until the app marks the document hydrated. A page of the app that never does fails here, not at the
 * test's first click, which would otherwise post the form natively and wait for a toast that cannot come.
 * Other answers (JSON, a PDF, the proxy's own error page) have nothing to hydrate.
 */
async function waitForHydration(page: Page, response: Response | null) {
  const isApp =
    response === null ||
    (response.headers()["content-type"]?.includes("text/html") &&
      (await page.evaluate(() => "__reactRouterContext" in window).catch(() => false)));
  if (!isApp) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
    timeout: 45_000,
  });
}

declare global {
  interface Window {
    __toastsSeen?: string[];
  }
}

/**
 * Runs in every page: keeps the text of every toast shown, so a test can tell that a toast appeared even when
 * a loaded machine lets it close (after 3 s) before the test looks.
 */
function recordToasts() {
  const seen: string[] = [];
  window.__toastsSeen = seen;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
      const text = toast.textContent ?? "";
      if (text && !seen.includes(text)) seen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Waits until a toast containing `text` has been shown in this page (it may have closed since). */
export async function waitForToast(page: Page, text: string) {
  await page.waitForFunction((wanted) => (window.__toastsSeen ?? []).some((t) => t.includes(wanted)), text);
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
// Signed in once per test file: better-auth rate-limits sign-ins, and other files sign in too.
let adminCookies: Cookies | null = null;

/** Signs the page's context in as the e2e server's admin (one sign-in per file, then its cookies). */
export async function signInAsAdmin(page: Page) {
  if (adminCookies) {
    await page.context().addCookies(adminCookies);
    return;
  }
  const baseUrl = inject("baseUrl");
  const contextCookiesBefore = await page.context().cookies();
  const response = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, {
    data: { email: inject("adminEmail"), password: inject("adminPassword") },
    headers: { Origin: baseUrl },
  });
  expect(response.ok()).toBe(true);
  // Only the session's cookies: a page's own (its "now") must not follow into the next test's pages.
  const before = new Set(contextCookiesBefore.map((c) => c.name));
  adminCookies = (await page.context().cookies()).filter((c) => !before.has(c.name));
}
