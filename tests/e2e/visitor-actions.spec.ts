import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "~/lib/unavailable";
import { DESKTOP, PHONE, setupBrowser, signInAsAdmin } from "../support/browser";

const browser = setupBrowser();

async function beerCount(button: Locator) {
  return Number.parseInt((await button.locator("[data-beer-count]").textContent()) ?? "", 10);
}

/**
 * The first event on home that has been skålad before: its skåla button, title and event page address. The
 * demo's events all have been; an event that another spec running beside this one adds (and may delete
 * while this one clicks) has not.
 */
async function firstEvent(page: Page) {
  const buttons = page.getByRole("button", { name: / skålar – skåla för / });
  await buttons.first().waitFor();
  const count = await buttons.count();
  let index = 0;
  while (index < count && (await beerCount(buttons.nth(index))) === 0) index += 1;
  if (index === count) throw new Error(`none of the ${count} events on home has been skålad before`);
  const title = ((await buttons.nth(index).textContent()) ?? "").replace(/^.* skålar – skåla för /, "");
  // Found by its event, not its place: home's listing brings in the full listing once hydrated, which may
  // put other cards before it.
  const button = page
    .getByRole("button", {
      name: new RegExp(`skålar – skåla för ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    })
    .first();
  const href = await page.getByRole("link", { name: title }).first().getAttribute("href");
  return { button, title, href: href ?? "" };
}

type StoredReport = { title: string; reportType: string; status: string; eventId: string | null };

/** What an admin sees of the reports: a dialog's send is checked where it is stored. */
async function storedReport(title: string): Promise<StoredReport | undefined> {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  const response = await admin.request.get("/api/admin/reports");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { reports: StoredReport[] }).reports.find((r) => r.title === title);
}

/** The dialogs post to their pages' actions: the event's /rapportera, and /foresla-quiz. */
const isReportSend = (url: string) => /\/rapportera\.data(\?|$)/.test(url);
const isSuggestionSend = (url: string) => /\/foresla-quiz\.data(\?|$)/.test(url);

async function axeViolations(page: Page, selector = "[role=dialog]") {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("skåla", () => {
  it("counts a skåla once, then shows the cooldown with the minutes; card and event page agree", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto("/");
    const { button, title, href } = await firstEvent(page);
    const before = await beerCount(button);
    await expect.poll(() => button.getAttribute("data-state")).toBe("ready");

    await button.click();
    // Polled together: the button's status may also bring a count that other visitors (specs running
    // beside this one) added meanwhile, so the count can reach before + 1 just before the click's answer.
    await expect.poll(() => button.getAttribute("data-state")).toBe("beered");
    await expect.poll(() => beerCount(button)).toBeGreaterThanOrEqual(before + 1);
    const after = await beerCount(button);
    expect(await axeViolations(page, "button[data-state]")).toEqual([]);

    await page.clock.runFor(350); // past the click animation, during which clicks are ignored
    await button.click();
    const notice = page.getByText(/^Du får vänta (60|59) minuter innan du kan skåla här igen! 🍻$/);
    await notice.waitFor();
    expect(await beerCount(button)).toBe(after);

    await page.reload();
    const reloaded = page.getByRole("button", { name: `Skåla för ${title}` }).first();
    await expect.poll(() => reloaded.getAttribute("data-state")).toBe("beered");
    // A cached page may show an older count; the button then fetches the exact one.
    await expect.poll(() => beerCount(reloaded)).toBeGreaterThanOrEqual(after);
    const cardCount = await beerCount(reloaded);

    await page.goto(href);
    const onEventPage = page.getByRole("button", { name: `Skåla för ${title}` });
    await expect.poll(() => beerCount(onEventPage)).toBe(cardCount);
    await expect.poll(() => onEventPage.getAttribute("data-state")).toBe("beered");
    // Polled: a colour caught mid-transition (the button settling into its state) is not a violation.
    await expect.poll(() => axeViolations(page, "main")).toEqual([]);
    await onEventPage.click();
    await page.getByText(/^Du får vänta \d+ minuter innan du kan skåla här igen! 🍻$/).waitFor();
    expect(await beerCount(onEventPage)).toBe(cardCount);
  });

  it("lets another visitor skåla for the same event", async () => {
    const first = await browser.newPage({ viewport: DESKTOP });
    await first.goto("/");
    const a = await firstEvent(first);
    await a.button.click();
    await expect.poll(() => a.button.getAttribute("data-state")).toBe("beered");

    // The second visitor's own count before their skåla: the first visitor's click is shown at once, but
    // specs running beside this one share its address and its per-minute budget, so it may be refused.
    const second = await browser.newPage({ viewport: DESKTOP });
    await second.goto(a.href);
    const b = second.getByRole("button", { name: `Skåla för ${a.title}` });
    await expect.poll(() => b.getAttribute("data-state")).toBe("ready");
    const beforeSecond = await beerCount(b);
    await b.click();
    await expect.poll(() => b.getAttribute("data-state")).toBe("beered");
    await expect.poll(() => beerCount(b)).toBeGreaterThanOrEqual(beforeSecond + 1);
  });

  it("counts a skåla pressed before any of the page's code has run, once, on home and on the event page", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const beerPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/(api\/events\/[^/]+\/beer|skala\/[^/]+)$/.test(r.url()))
        beerPosts.push(r.url());
    });
    const release = await holdScripts(page);
    // The frame's own navigation: the page's `goto` waits for the hydration that the held scripts prevent.
    await page.mainFrame().goto(`${browser.baseUrl()}/`, { waitUntil: "domcontentloaded" });
    const { button, title, href } = await firstEvent(page);
    await pressBeforeCode(page, button, release);
    expect(beerPosts).toHaveLength(1);

    const eventPage = await browser.newPage({ viewport: PHONE });
    const releaseEvent = await holdScripts(eventPage);
    await eventPage.mainFrame().goto(`${browser.baseUrl()}${href}`, { waitUntil: "domcontentloaded" });
    await pressBeforeCode(
      eventPage,
      eventPage.getByRole("button", { name: `Skåla för ${title}` }),
      releaseEvent,
    );
  });

  it("keeps a skåla answered while the button's older status is still on the way", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // The status read (the listing's buttons ask when they hydrate) is answered by the server before the
    // skåla is recorded, and reaches the page only after the skåla's answer.
    const statusRead = signal();
    const beerAnswered = signal();
    let statusDelivered = false;
    await page.route(/\/api\/beer-status\?/, async (route) => {
      const response = await route.fetch();
      statusRead.give();
      await beerAnswered.given;
      await route.fulfill({ response });
      statusDelivered = true;
    });
    await page.route(/\/api\/events\/[^/]+\/beer$/, async (route) => {
      await statusRead.given;
      const response = await route.fetch();
      await route.fulfill({ response });
      beerAnswered.give();
    });
    await page.goto("/");
    await page.waitForSelector("html[data-hydrated]");
    const { button } = await firstEvent(page);
    await button.click();
    await expect.poll(() => statusDelivered).toBe(true);
    await expect.poll(() => button.getAttribute("data-state")).toBe("beered");
    // The status's answer has been handled by the next frame: the button still shows the skåla.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await button.getAttribute("data-state")).toBe("beered");
  });
});

/** A promise (`given`) that one side of a test resolves (`give`) when the other may go on. */
function signal() {
  let give: () => void = () => {};
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { given, give };
}

/** Holds back every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  const released = signal();
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released.given;
    await route.continue();
  });
  return released.give;
}

/**
 * Presses a skåla button before any of the page's scripts has run (they are held back): the button is the
 * form it is without JavaScript, so the press posts it and the page comes back with the skåla counted. Then
 * the scripts load (`release`) and the hydrated button still shows it, counted once.
 */
async function pressBeforeCode(page: Page, button: Locator, release: () => void) {
  const before = await beerCount(button);
  const landed = page.waitForNavigation({ waitUntil: "domcontentloaded" });
  await button.click();
  await landed;
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await expect.poll(() => button.getAttribute("data-state")).toBe("beered");
  await expect.poll(() => beerCount(button)).toBeGreaterThanOrEqual(before + 1);
}

describe("report dialog", () => {
  it("requires type, title and description, then stores a pending report on the event", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto("/");
    const { title, href } = await firstEvent(page);
    await page.goto(href);
    // The event id as the browser knows it, from the skåla button's request.
    const beerRequest = page.waitForRequest((r) => /\/api\/events\/[^/]+\/beer$/.test(r.url()));
    await page.getByRole("button", { name: `Skåla för ${title}` }).click();
    const eventId = (await beerRequest).url().split("/").at(-2);

    const reportPosts: string[] = [];
    page.on("request", (r) => {
      if (isReportSend(r.url())) reportPosts.push(r.method());
    });
    await page.getByRole("button", { name: `Rapportera problem med ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Rapportera problem" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Rapporterar för: ${title}`);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole("button", { name: "Skicka rapport" }).click();
    await page.getByText("Fyll i alla obligatoriska fält").waitFor();
    await page.getByText("Typ, titel och beskrivning är obligatoriska").waitFor();
    const reportTitle = `Fel starttid ${Date.now().toString(36)}`;
    await dialog.getByLabel("Titel").fill(reportTitle);
    await dialog.getByRole("button", { name: "Skicka rapport" }).click();
    expect(reportPosts).toEqual([]);

    await dialog.getByLabel("Typ av problem").selectOption({ label: "Felaktig/gammal information" });
    await dialog.getByLabel("Beskrivning").fill("Quizet börjar numera 20:00.");
    await dialog.getByLabel("Din e-post (valfritt)").fill("kim@example.se");
    const response = page.waitForResponse((r) => isReportSend(r.url()));
    await dialog.getByRole("button", { name: "Skicka rapport" }).click();
    expect((await response).status()).toBe(200);
    expect(reportPosts).toEqual(["POST"]);
    await page.getByText("Rapport skickad").waitFor();
    await dialog.getByText("Tack för din rapport!").waitFor();
    // The thank-you panel stays for 2 s, then the dialog resets and closes. (The installed clock also flows
    // on its own, so on a busy machine the 2 s may pass before runFor: only the closing is asserted.)
    await page.clock.runFor(2000);
    await dialog.waitFor({ state: "hidden", timeout: 3000 });

    await page.getByRole("button", { name: `Rapportera problem med ${title}` }).click();
    expect(await page.getByRole("dialog").getByLabel("Titel").inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    expect(await storedReport(reportTitle)).toMatchObject({
      eventId,
      reportType: "incorrect_info",
      status: "pending",
    });
  });

  it("shows the failure toast beside the open dialog on a phone, not over its heading or close button", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 503/ });
    await page.goto("/");
    const { title, href } = await firstEvent(page);
    await page.goto(href);
    // The answer of an outage: the form tells it, and the page stays.
    await page.route(/\/rapportera\.data/, (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "nere" }),
    );
    await page.getByRole("button", { name: `Rapportera problem med ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Rapportera problem" });
    await dialog.getByLabel("Typ av problem").selectOption({ label: "Felaktig/gammal information" });
    await dialog.getByLabel("Titel").fill("Fel starttid");
    await dialog.getByLabel("Beskrivning").fill("Quizet börjar numera 20:00.");
    await dialog.getByRole("button", { name: "Skicka rapport" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Fel vid rapportering" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(UNAVAILABLE_MESSAGE);
    // Measured where the toast comes to rest: once it is mounted and no transition moves it any more.
    await expect
      .poll(() =>
        toast.evaluate(
          (el) =>
            el.getAttribute("data-mounted") === "true" &&
            el.getAnimations({ subtree: true }).every((a) => a.playState !== "running"),
        ),
      )
      .toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    const toastBox = await toast.boundingBox();
    if (!toastBox) throw new Error("the toast has no box");
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(PHONE.height);
    for (const part of [
      dialog.getByRole("heading", { name: "Rapportera problem" }),
      dialog.getByRole("button", { name: "Stäng" }),
    ]) {
      const box = await part.boundingBox();
      if (!box) throw new Error("a part of the dialog has no box");
      const overlapsX = box.x < toastBox.x + toastBox.width && toastBox.x < box.x + box.width;
      const overlapsY = box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height;
      expect(overlapsX && overlapsY).toBe(false);
    }
  });

  it("is keyboard usable and passes axe in dark mode", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, colorScheme: "dark" });
    await page.goto("/");
    const trigger = page.getByRole("button", { name: /Rapportera problem/ }).first();
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Rapportera problem" });
    await dialog.waitFor();
    // Focus moves into the dialog, and back to the trigger on close, once the dialog has (un)mounted.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null))
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("suggestion dialog", () => {
  it("shows the hover hint, needs venue and city, and stores a pending missing_quiz report", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.clock.install();
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Saknar du ett quiz?" });
    const hint = page.getByRole("tooltip");
    // Hover again until the page has hydrated and the hint opens.
    await expect
      .poll(async () => {
        await page.mouse.move(0, 0);
        await trigger.hover();
        await page.clock.runFor(500);
        return hint.count();
      })
      .toBe(1);
    expect(await hint.textContent()).toBe("Saknar du ett quiz? Rapportera det här!");
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Föreslå ett quizställe" });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const submit = dialog.getByRole("button", { name: "Skicka förslag" });
    expect(await submit.isDisabled()).toBe(true);
    const venue = `Kvarterskrogen ${Date.now().toString(36)}`;
    await dialog.getByLabel("Ställets namn").fill(venue);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Stad").selectOption("Annan");
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByLabel("Ställets namn").fill("   ");
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Ställets namn").fill(venue);
    expect(await dialog.getByLabel("Din e-post (valfritt)").getAttribute("type")).toBe("email");
    await dialog.getByLabel("Övrig information (valfritt)").fill("Onsdagar 19:00 i Uppsala.");

    // A suggestion changes nothing home shows: its listing is not read again after the send.
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && /\.data(\?|$)/.test(r.url())) reads.push(r.url());
    });
    const response = page.waitForResponse((r) => isSuggestionSend(r.url()));
    await submit.click();
    expect((await response).status()).toBe(200);
    await page.getByText("Tack för ditt förslag!").waitFor();
    await page.getByText("Vi kommer att granska ditt förslag på nytt quiz-ställe.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    expect(reads).toEqual([]);

    await trigger.click();
    expect(await page.getByRole("dialog").getByLabel("Ställets namn").inputValue()).toBe("");
    expect(await storedReport(venue)).toMatchObject({
      eventId: null,
      reportType: "missing_quiz",
      status: "pending",
    });
  });

  it("shows the failure toast when the send gets no answer of the site's own", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 502/ });
    await page.goto("/");
    await page.route(/\/foresla-quiz\.data/, (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
    );
    await page.getByRole("button", { name: "Saknar du ett quiz?" }).click();
    const dialog = page.getByRole("dialog", { name: "Föreslå ett quizställe" });
    await dialog.getByLabel("Ställets namn").fill("Krogen");
    await dialog.getByLabel("Stad").selectOption("Malmö");
    await dialog.getByRole("button", { name: "Skicka förslag" }).click();
    await page.getByText("Kunde inte skicka förslaget. Försök igen senare.").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Ställets namn").inputValue()).toBe("Krogen");
  });
});

describe("the dialogs' pages with JavaScript", () => {
  it("/foresla-quiz waits for venue and city, then thanks in place of the form with focus on the thanks", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/foresla-quiz");
    await page.waitForSelector("html[data-hydrated]");
    const submit = page.getByRole("button", { name: "Skicka förslag" });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const venue = `Sidkrogen ${Date.now().toString(36)}`;
    await page.getByLabel("Ställets namn").fill(venue);
    await page.getByLabel("Stad").selectOption("Malmö");
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    const thanks = page.getByRole("status").filter({ hasText: "Tack för ditt förslag!" });
    await thanks.waitFor();
    await expect.poll(() => thanks.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await storedReport(venue)).toMatchObject({ reportType: "missing_quiz", status: "pending" });
  });
});
