import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, setupBrowser, signInAsAdmin } from "../support/browser";
import { setPageNow, whenLineOf } from "../support/event-dates";

/**
 * One answer to "when" per page (issue 38), on a 390 px phone, at a faked Saturday: the server's "now" (the
 * quizkvall_now cookie, honoured with TEST_CLOCK) and the browser's (Playwright's clock) are the same instant.
 */
const browser = setupBrowser();

// Saturday 16 January 2027 at 12:00 and 18:00 in Stockholm (UTC+1), and the Tuesday before at 12:00.
const SATURDAY_NOON = "2027-01-16T11:00:00.000Z";
const SATURDAY_18 = "2027-01-16T17:00:00.000Z";
const TUESDAY_NOON = "2027-01-12T11:00:00.000Z";

async function pageAt(instant: string, options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage({ viewport: PHONE, ...options });
  await setPageNow(page, instant, options.javaScriptEnabled !== false);
  return page;
}

/** An admin's page at `instant` that makes events in Malmö and deletes them again when done. */
async function adminAt(instant: string) {
  const page = await pageAt(instant);
  await signInAsAdmin(page);
  const baseUrl = inject("baseUrl");
  const made: string[] = [];
  return {
    page,
    /** A quiz in Malmö with these schedule rows (weekday and time) and fields, made at the page's "now". */
    async create(title: string, rows: [string, string][], fields: Record<string, string> = {}) {
      const form = new FormData();
      const all = { title, location: "Provpuben", city: "Malmö", quizType: "MusikQuiz", ...fields };
      for (const [name, value] of Object.entries(all)) form.append(name, value);
      for (const [weekday, time] of rows) {
        form.append("scheduleWeekday", weekday);
        form.append("scheduleTime", time);
      }
      const response = await page.request.post(`${baseUrl}/api/admin/events`, {
        headers: { Origin: baseUrl },
        multipart: form,
      });
      expect(response.status()).toBe(201);
      const { event } = (await response.json()) as { event: { id: string; slug: string } };
      made.push(event.id);
      return event;
    },
    async cancel(id: string, date: string) {
      const response = await page.request.post(`${baseUrl}/api/admin/events/${id}/exceptions`, {
        data: { kind: "cancelled", date },
        headers: { Origin: baseUrl },
      });
      expect(response.status()).toBe(200);
    },
    async deleteMade() {
      for (const id of made.splice(0)) {
        const response = await page.request.delete(`${baseUrl}/api/admin/events/${id}`, {
          headers: { Origin: baseUrl },
        });
        expect(response.status()).toBe(200);
      }
    },
  };
}

const suffix = () => randomUUID().slice(0, 6);

/** The "Veckodagar" link of a city page, e.g. "Onsdagar (4)". */
const weekdayLink = (page: Page, plural: string) =>
  page.getByRole("navigation", { name: "Veckodagar" }).getByRole("link", { name: new RegExp(`^${plural}`) });

describe("a quiz on Wednesdays and Saturdays", () => {
  it("is 'Ikväll 21:15' on the Saturday page of a Saturday and 'Onsdagar 19:30' on the Wednesday page", async () => {
    const admin = await adminAt(SATURDAY_NOON);
    const title = `Tvådagarsquiz ${suffix()}`;
    try {
      await admin.create(title, [
        ["Onsdag", "19:30"],
        ["Lördag", "21:15"],
      ]);
      // The server's pages, as they first arrive.
      const page = await pageAt(SATURDAY_NOON);
      await page.goto("/quiz/malmo/lordag");
      expect(await whenLineOf(page, title)).toBe("Ikväll 21:15");
      await page.goto("/quiz/malmo/onsdag");
      expect(await whenLineOf(page, title)).toBe("Onsdagar 19:30");

      // Rendered by the browser's listing code: navigations from the city page.
      await page.goto("/quiz/malmo");
      await weekdayLink(page, "Lördagar").click();
      await page.waitForURL(/\/quiz\/malmo\/lordag$/);
      await expect.poll(() => whenLineOf(page, title)).toBe("Ikväll 21:15");
      await page.goBack();
      await weekdayLink(page, "Onsdagar").click();
      await page.waitForURL(/\/quiz\/malmo\/onsdag$/);
      await expect.poll(() => whenLineOf(page, title)).toBe("Onsdagar 19:30");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // Home with Wednesday chosen says the same.
      await page.goto("/?cities=malmo&types=MusikQuiz&weekdays=onsdag");
      await expect.poll(() => whenLineOf(page, title)).toBe("Onsdagar 19:30");

      // The Tuesday before, "Imorgon" is the Wednesday page's.
      const tuesday = await pageAt(TUESDAY_NOON);
      await tuesday.goto("/quiz/malmo/onsdag");
      await expect.poll(() => whenLineOf(tuesday, title)).toBe("Imorgon 19:30");
      await tuesday.goto("/quiz/malmo/lordag");
      await expect.poll(() => whenLineOf(tuesday, title)).toBe("Lördagar 21:15");
    } finally {
      await admin.deleteMade();
    }
  });
});

describe("a fortnightly quiz", () => {
  it("names its rule and its next dates under 'När', and its Tuesday card says the same", async () => {
    const admin = await adminAt(SATURDAY_NOON);
    const title = `Varannanquiz ${suffix()}`;
    try {
      const { slug } = await admin.create(title, [["Tisdag", "19:00"]], {
        recurrence: "biweekly",
        recurrenceAnchor: "2027-01-19",
      });
      const page = await pageAt(SATURDAY_NOON);
      await page.goto(`/quiz/malmo/${slug}`);
      const when = page.getByRole("region", { name: "När" });
      await expect.poll(() => when.getByRole("link", { name: "Varannan tisdag 19:00" }).count()).toBe(1);
      expect(await when.getByText("Tisdagar 19:00").count()).toBe(0);
      expect(await when.getByText("Nästa: tisdag 19 januari").count()).toBe(1);
      // The coming nights are a fortnight apart.
      expect(await when.getByText("tisdag 2 februari 19:00").count()).toBe(1);
      expect(await when.getByText("tisdag 26 januari 19:00").count()).toBe(0);
      await page.goto("/quiz/malmo/tisdag");
      expect(await whenLineOf(page, title)).toBe("Varannan tisdag 19:00 · nästa 19 jan.");
    } finally {
      await admin.deleteMade();
    }
  });
});

describe("a cancelled night", () => {
  /** The listing's when-lines, the "Ikväll" chip's number and the heading's. */
  async function tonightListing(page: Page) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lines = await page.locator("main article [data-when]").allTextContents();
    const chip = await page.getByRole("link", { name: /^Ikväll \d+$/ }).textContent();
    const heading = await page.getByRole("heading", { level: 2, name: /^\d+ quiz$/ }).textContent();
    return { lines, chip: Number(/\d+$/.exec(chip ?? "")?.[0]), heading: Number.parseInt(heading ?? "", 10) };
  }

  it("stays listed as 'Inställt ikväll' but out of the 'Ikväll' chip's and the heading's count", async () => {
    const admin = await adminAt(SATURDAY_NOON);
    const title = `Inställtquiz ${suffix()}`;
    try {
      const { id } = await admin.create(title, [
        ["Onsdag", "19:30"],
        ["Lördag", "21:15"],
      ]);
      await admin.cancel(id, "2027-01-16");
      for (const javaScriptEnabled of [false, true]) {
        const page = await pageAt(SATURDAY_18, { javaScriptEnabled });
        // Without JavaScript the cards (the server sends the phone's list beside them only when asked). With
        // it, the phone's list loads the listing's code and every card at once: the counts are the browser's.
        const listing = javaScriptEnabled
          ? page.waitForResponse((r) => r.url().includes("/api/events/listing"))
          : null;
        await page.goto(`/?cities=malmo&dag=ikvall${javaScriptEnabled ? "&view=list" : ""}`);
        if (listing) {
          await listing;
          // Hydrated, the listing keeps only the layout shown.
          await expect.poll(() => page.locator("main ul[data-listing]").count()).toBe(1);
        }
        await expect.poll(() => whenLineOf(page, title)).toBe("Inställt ikväll");
        const { lines, chip, heading } = await tonightListing(page);
        const held = lines.filter((l) => l !== "Inställt ikväll").length;
        expect(lines.length, `JavaScript ${javaScriptEnabled}`).toBeGreaterThan(held);
        expect(chip).toBe(held);
        expect(heading).toBe(held);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
      }
      // The Saturday page says it too; the Wednesday page has nothing to say tonight.
      const page = await pageAt(SATURDAY_18);
      await page.goto("/quiz/malmo/lordag");
      expect(await whenLineOf(page, title)).toBe("Inställt ikväll");
      await page.goto("/quiz/malmo/onsdag");
      expect(await whenLineOf(page, title)).toBe("Onsdagar 19:30");
    } finally {
      await admin.deleteMade();
    }
  });
});

describe("the calendar choices of a city's and a weekday's feed", () => {
  for (const [name, path, feed] of [
    ["a city page", "/quiz/goteborg", "/quiz/goteborg.ics"],
    ["a weekday page", "/quiz/goteborg/tisdag", "/quiz/goteborg/tisdag.ics"],
  ] as const) {
    it(`offer the https file first, a Google Calendar subscription and webcal:// on ${name} at 390 px`, async () => {
      const baseUrl = inject("baseUrl");
      for (const javaScriptEnabled of [true, false]) {
        const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled });
        await page.goto(path);
        expect(await page.getByRole("link", { name: ".ics-fil" }).count()).toBe(0);
        await page.getByText("Lägg till i kalender").click();
        const choices = page.locator("details a");
        const ics = page.getByRole("link", { name: /Ladda ner kalenderfil/ });
        await ics.waitFor();
        expect(await choices.first().getAttribute("href")).toBe(feed);
        expect(await ics.getAttribute("href")).toBe(feed);
        expect(await page.getByRole("link", { name: /Google Kalender/ }).getAttribute("href")).toBe(
          `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`${baseUrl}${feed}`)}`,
        );
        expect(await page.getByRole("link", { name: /Prenumerera i kalendern/ }).getAttribute("href")).toBe(
          `${baseUrl.replace(/^http:/, "webcal:")}${feed}`,
        );
        expect(await ics.isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        if (javaScriptEnabled) {
          const results = await new AxeBuilder({ page }).analyze();
          expect(
            results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
          ).toEqual([]);
        }
      }
      const response = await fetch(`${baseUrl}${feed}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/calendar");
      expect(await response.text()).toContain("BEGIN:VEVENT");
    });
  }
});
