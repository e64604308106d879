import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "../support/browser";

const browser = setupBrowser();

/** The number a filter button shows, e.g. "Göteborg 22" → 22. */
async function buttonCount(page: Page, name: string): Promise<number> {
  const text = await page.getByRole("button", { name: new RegExp(`^${name} \\d+$`) }).textContent();
  return Number(text?.match(/(\d+)$/)?.[1]);
}

/** The listing's heading: "N quiz". */
async function listedCount(page: Page): Promise<number> {
  const text = await page.getByRole("heading", { level: 2, name: /^\d+ quiz/ }).textContent();
  return Number(text?.match(/^(\d+)/)?.[1]);
}

/** Waits until no finite CSS animation or transition is still running, so axe sees the final colours. */
async function transitionsDone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
            .length,
      ),
    )
    .toBe(0);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

describe("home filter", () => {
  it("walks the 3 steps with counts that match the listing", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/");
    const current = page.locator("[aria-current=step]");
    await expect.poll(() => current.textContent()).toContain("1");
    expect(await page.getByRole("group", { name: /Välj typ av quiz/ }).count()).toBe(0);

    const cityCount = await buttonCount(page, "Göteborg");
    await page.getByRole("button", { name: /^Göteborg \d+$/ }).click();
    await page.waitForURL(/cities=goteborg/);
    await expect.poll(() => listedCount(page)).toBe(cityCount);
    await expect.poll(() => current.textContent()).toContain("2");
    await page.getByRole("group", { name: /Välj typ av quiz/ }).waitFor();
    expect(await page.getByRole("group", { name: /Välj dag/ }).count()).toBe(0);

    const typeCount = await buttonCount(page, "Quiz");
    await page.getByRole("button", { name: /^Quiz \d+$/ }).click();
    await page.waitForURL(/types=Quiz/);
    await expect.poll(() => listedCount(page)).toBe(typeCount);
    await expect.poll(() => current.textContent()).toContain("3");

    const dayCount = await buttonCount(page, "Tisdag");
    await page.getByRole("button", { name: /^Tisdag \d+$/ }).click();
    await page.waitForURL(/weekdays=tisdag/);
    await expect.poll(() => listedCount(page)).toBe(dayCount);
    await expect.poll(() => page.locator("main article").count()).toBe(dayCount);
    for (const badge of await page.locator("main article").allTextContents())
      expect(badge).toContain("Göteborg");

    // Turning the city off clears type and weekdays and returns to step 1.
    await page.getByRole("button", { name: /^Göteborg \d+$/ }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => current.textContent()).toContain("1");
    expect(await page.getByRole("group", { name: /Välj typ av quiz/ }).count()).toBe(0);
  });

  it("filters while typing in the header search and clears on close", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.clock.install();
    await page.goto("/");
    const all = await listedCount(page);
    await page.getByRole("button", { name: "Sök Quiz" }).click();
    const field = page.getByRole("searchbox", { name: "Sök Quiz" });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.pressSequentially("Kompas", { delay: 30 });
    await page.waitForURL(/q=Kompas/);
    await expect.poll(() => listedCount(page)).toBeLessThan(all);
    // The cards follow the heading's count one frame later (home-view.tsx).
    await expect.poll(() => page.locator("main article").first().textContent()).toContain("Kompassen");
    await field.pressSequentially("zzzz");
    await page.getByText("Inga event hittades").waitFor();
    await page.getByRole("button", { name: "Stäng sök" }).click();
    await page.waitForURL((url) => !url.search.includes("q="));
    await expect.poll(() => listedCount(page)).toBe(all);
    // 'Rensa filter' right after a keystroke wins over the search text still on its way to the URL.
    await page.getByRole("button", { name: "Sök Quiz" }).click();
    await field.pressSequentially("qqq");
    await page.getByRole("button", { name: "Rensa filter" }).click();
    await expect.poll(() => listedCount(page)).toBe(all);
    await page.clock.runFor(500); // past the search's delay before it writes the URL
    expect(new URL(page.url()).search).toBe("");
    expect(await listedCount(page)).toBe(all);
    expect(await field.inputValue()).toBe("");
    // The search is only on the home page.
    await page.goto("/quiz/goteborg");
    expect(await page.getByRole("button", { name: "Sök Quiz" }).count()).toBe(0);
  });

  it("restores the exact state from the URL, and 'Rensa filter' clears it", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/?cities=malmo,stockholm&types=MusikQuiz&weekdays=fredag,lordag&q=x");
    for (const name of ["Malmö", "Stockholm", "MusikQuiz", "Fredag", "Lördag"]) {
      expect(
        await page.getByRole("button", { name: new RegExp(`^${name} \\d+$`) }).getAttribute("aria-pressed"),
      ).toBe("true");
    }
    expect(await page.getByRole("button", { name: /^Göteborg \d+$/ }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    expect(await page.getByRole("searchbox", { name: "Sök Quiz" }).inputValue()).toBe("x");
    await page.reload();
    expect(await page.getByRole("button", { name: /^Lördag \d+$/ }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await page.goto("/?cities=malmo&types=Quiz&q=finnsintealls");
    await page.getByRole("button", { name: "Rensa filter" }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => listedCount(page)).toBeGreaterThan(0);
  });

  it("switches between Kort and Lista at 390 px", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/");
    const kort = page.getByRole("button", { name: "Kort" });
    expect(await kort.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("link", { name: /^Mer info/ }).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Lista" }).click();
    await page.waitForURL(/view=list/);
    await expect.poll(() => page.getByRole("link", { name: /^Mer info/ }).count()).toBe(0);
    expect(await page.locator("main article").count()).toBeGreaterThan(0);
    await kort.click();
    await page.waitForURL((url) => !url.search.includes("view"));
    await page
      .getByRole("link", { name: /^Mer info/ })
      .first()
      .waitFor();
    // The toggle is for small screens only.
    const desktop = await browser.newPage({ viewport: DESKTOP });
    await desktop.goto("/?view=list");
    expect(await desktop.getByRole("button", { name: "Lista" }).isVisible()).toBe(false);
    expect(await desktop.getByRole("link", { name: /^Mer info/ }).count()).toBeGreaterThan(0);
  });

  it("server-renders the filtered listing with JavaScript disabled, every event a page away", async () => {
    const page = await browser.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto("/?cities=stockholm&types=Quiz");
    const listed = await listedCount(page);
    expect(listed).toBeGreaterThan(0);
    expect(await page.locator("main article img").count()).toBeGreaterThan(0);
    // Page by page through 'Nästa', every matching event once, each in Stockholm.
    const titles: string[] = [];
    for (;;) {
      const cards = page.locator("main article");
      expect(await cards.count()).toBeGreaterThan(0);
      for (const text of await cards.allTextContents()) expect(text).toContain("Stockholm");
      titles.push(...(await cards.getByRole("heading", { level: 3 }).allTextContents()));
      const next = page.getByRole("navigation", { name: "Sidor" }).getByRole("link", { name: "Nästa" });
      if (!(await next.count())) break;
      await next.click();
      await page.waitForURL(new RegExp(`sida=${Math.ceil(titles.length / 12) + 1}`));
      expect(await listedCount(page)).toBe(listed);
    }
    expect(titles).toHaveLength(listed);
    expect(new Set(titles).size).toBe(listed);
    // Without a filter too: the last page ends the whole listing.
    await page.goto("/");
    const all = await listedCount(page);
    const pages = Math.ceil(all / 12);
    await page.goto(`/?sida=${pages}`);
    expect(await page.getByText(`Sida ${pages} av ${pages}`).count()).toBe(1);
    expect(await page.locator("main article").count()).toBe(all - (pages - 1) * 12);
  });
});

describe("a busy server", () => {
  it("retries a navigation it turned away unprocessed, so the visitor lands on the page", async () => {
    const page = await browser.newPage({
      viewport: DESKTOP,
      expectedConsoleErrors: /status of 503/,
    });
    await page.goto("/");
    let attempts = 0;
    await page.route(/\/quiz\/goteborg\.data/, async (route) => {
      attempts += 1;
      if (attempts > 1) return route.continue();
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "1", "X-Load-Shed": "1", "Content-Type": "text/plain; charset=utf-8" },
        body: "Quizkväll har mycket att göra just nu. Försök igen om en stund.",
      });
    });
    await page.locator('a[href="/quiz/goteborg"]').first().click();
    await page.getByRole("heading", { level: 1, name: "Pubquiz i Göteborg", exact: true }).waitFor();
    expect(attempts).toBe(2);
    expect(await page.getByText("Quizkväll har mycket att göra").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/quiz/goteborg");
  });
});

describe("pages", () => {
  it("opens an event page from a card", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto("/?cities=goteborg");
    const first = page.locator("main article").first();
    const title = (await first.getByRole("heading", { level: 3 }).textContent()) ?? "";
    await first.getByRole("link", { name: /^Mer info/ }).click();
    await page.waitForURL(/\/quiz\/goteborg\/[a-z0-9-]+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await page.title()).toContain(title);
    // "Lägg till i kalender" offers the webcal:// subscription and the https file of the same feed.
    await page.getByText("Lägg till i kalender").click();
    const calendar = page.getByRole("link", { name: /Prenumerera i kalendern/ });
    const webcal = (await calendar.getAttribute("href")) ?? "";
    expect(webcal).toMatch(/^webcal:\/\/.+\/kalender\.ics$/);
    const file = page.getByRole("link", { name: /Ladda ner kalenderfil/ });
    expect(new URL((await file.getAttribute("href")) ?? "", inject("baseUrl")).host).toBe(
      new URL(webcal).host,
    );
    const ics = await fetch(new URL((await file.getAttribute("href")) ?? "", inject("baseUrl")));
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(await ics.text()).toContain("RRULE:FREQ=");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "Event", name: title, location: { "@type": "Place" } });
    expect(jsonLd.eventSchedule.length).toBeGreaterThan(0);
  });

  it("lists a city by weekday and a city's weekday", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto("/quiz/malmo");
    await page.getByRole("heading", { level: 1, name: "Pubquiz i Malmö" }).waitFor();
    await page
      .getByRole("navigation", { name: "Veckodagar" })
      .getByRole("link", { name: /^Tisdagar/ })
      .click();
    await page.waitForURL(/\/quiz\/malmo\/tisdag$/);
    await page.getByRole("heading", { level: 1, name: "Pubquiz i Malmö på tisdagar" }).waitFor();
    expect(await page.title()).toContain("Pubquiz i Malmö på tisdagar");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      /\/quiz\/malmo\/tisdag$/,
    );
  });

  it("shows 'Stad inte hittad' for an unknown city and a 404 page for an unknown event", async () => {
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 404/ });
    expect((await page.goto("/quiz/paris"))?.status()).toBe(404);
    await page.getByRole("heading", { name: "Stad inte hittad" }).waitFor();
    expect((await page.goto("/quiz/paris/tisdag"))?.status()).toBe(404);
    await page.getByRole("heading", { name: "Stad inte hittad" }).waitFor();
    expect((await page.goto("/quiz/goteborg/finns-inte"))?.status()).toBe(404);
    await page.getByRole("heading", { name: "Sidan hittades inte" }).waitFor();
    await page.getByRole("link", { name: "Till startsidan" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("redirects every old address permanently", async () => {
    const base = inject("baseUrl");
    const cases: [string, string][] = [
      ["/veckans-quiz", "/veckans-nutidsquiz"],
      ["/quiz", "/veckans-nutidsquiz"],
      ["/quizfragor", "/veckans-nutidsquiz"],
      ["/quizfragor/nutidsquiz/vecka-47", "/veckans-nutidsquiz/vecka-47"],
      ["/pubquiz/goteborg", "/quiz/goteborg"],
      ["/pubquiz/malmo/tisdag?x=1", "/quiz/malmo/tisdag?x=1"],
      ["/goteborg", "/quiz/goteborg"],
      ["/stockholm", "/quiz/stockholm"],
      ["/malmo", "/quiz/malmo"],
    ];
    for (const [from, to] of cases) {
      const response = await fetch(base + from, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(
        new URL(response.headers.get("location") ?? "", base).pathname +
          new URL(response.headers.get("location") ?? "", base).search,
      ).toBe(to);
    }
    // The promo bubble's link lands on the weekly quiz page.
    const page = await browser.newPage({ viewport: PHONE, expectedConsoleErrors: /status of 404/ });
    await page.goto("/");
    await page.getByRole("button", { name: "Visa NutidsQuiz" }).click();
    expect(await page.getByRole("link", { name: "Spela veckans quiz" }).getAttribute("href")).toBe(
      "/veckans-quiz",
    );
  });

  it("serves the sitemap, robots.txt and calendar feeds", async () => {
    const base = inject("baseUrl");
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain("/quiz/goteborg/tisdag</loc>");
    expect(
      sitemap.match(/<loc>[^<]*\/quiz\/(goteborg|stockholm|malmo)\/[a-z0-9-]+<\/loc>/g)?.length,
    ).toBeGreaterThan(80);
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    for (const path of ["/quiz/goteborg.ics", "/quiz/stockholm/onsdag.ics"]) {
      const response = await fetch(base + path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/calendar");
      expect(await response.text()).toMatch(
        /^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/,
      );
    }
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no axe violations on home, a city, a weekday and an event page (${colorScheme})`, async () => {
      for (const path of ["/?cities=goteborg&types=Quiz", "/quiz/stockholm", "/quiz/goteborg/tisdag"]) {
        const page = await browser.newPage({ viewport: DESKTOP, colorScheme });
        await page.goto(path);
        await transitionsDone(page);
        await expectNoAxeViolations(page);
      }
      const page = await browser.newPage({ viewport: PHONE, colorScheme });
      await page.goto("/quiz/goteborg");
      const more = page.getByRole("link", { name: /^Mer info/ }).first();
      const eventPath = await more.getAttribute("href");
      await more.click();
      // The city page has a calendar chooser of its own: press the event page's, once it is there.
      await page.waitForURL((url) => url.pathname === eventPath);
      await page.getByText("Lägg till i kalender").click();
      await page.getByRole("link", { name: /Prenumerera i kalendern/ }).waitFor();
      await transitionsDone(page);
      await expectNoAxeViolations(page);
    }, 180_000);
  }
});
