import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, setupBrowser, signInAsAdmin } from "../support/browser";

/**
 * "Which quiz is on tonight?" at 18:00 on Tuesday 1 December 2026 in Göteborg: the browser's clock and the
 * server's "now" (the quizkvall_now cookie, honoured with TEST_CLOCK) are set to the same instant.
 */
const browser = setupBrowser();
const TUESDAY_18 = "2026-12-01T17:00:00.000Z";
const WEDNESDAY_10 = "2026-12-09T09:00:00.000Z";

async function pageAt(instant: string, options: Parameters<typeof browser.newPage>[0] = {}) {
  const page = await browser.newPage({ viewport: PHONE, ...options });
  await page.context().addCookies([{ name: "quizkvall_now", value: instant, url: inject("baseUrl") }]);
  if (options.javaScriptEnabled !== false) await page.clock.setFixedTime(new Date(instant));
  return page;
}

/**
 * The when-line of every card in the listing, in order. The phone's list is virtualised (rows are rendered
 * as they come near the viewport), so the page is scrolled to its end first: a short list then has every
 * row rendered.
 */
async function whenLines(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.locator("main article [data-when]").allTextContents();
}

function expectSortedTonight(lines: string[]) {
  expect(lines.length).toBeGreaterThanOrEqual(3);
  const times = lines.map((l) => /^Ikväll (\d\d:\d\d)$/.exec(l)?.[1] ?? l);
  for (const t of times) expect(t).toMatch(/^\d\d:\d\d$/);
  expect([...times].sort()).toEqual(times);
  expect(new Set(times).size).toBeGreaterThan(1);
}

describe("tonight", () => {
  it("Tuesday 18:00 in Göteborg: one tap on 'Ikväll' lists tonight's quizzes by start time", async () => {
    const page = await pageAt(TUESDAY_18);
    // The phone's list view: one row per quiz.
    await page.goto("/?cities=goteborg&view=list");
    await page.getByRole("link", { name: /^Ikväll \d+$/ }).click();
    await page.waitForURL(/dag=ikvall/);
    await expect.poll(async () => (await whenLines(page)).every((l) => l.startsWith("Ikväll"))).toBe(true);
    const lines = await whenLines(page);
    expectSortedTonight(lines);
    const heading = await page.getByRole("heading", { level: 2, name: /^\d+ quiz/ }).textContent();
    expect(heading).toBe(`${lines.length} quiz`);
    // The 3-step filter and its counts are untouched.
    expect(await page.getByRole("button", { name: /^Göteborg \d+$/ }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    for (const article of await page.locator("main article").allTextContents())
      expect(article).toContain("Göteborg");
  });

  it("renders the same listing on the server, without JavaScript", async () => {
    const page = await pageAt(TUESDAY_18, { javaScriptEnabled: false });
    await page.goto("/?cities=goteborg&dag=ikvall");
    expectSortedTonight(await whenLines(page));
    expect(await page.getByRole("link", { name: /^Ikväll \d+$/ }).getAttribute("aria-current")).toBe("true");
    // The page fits a phone before (and without) scripts.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("an event page shows tonight as the next night while it is still ahead", async () => {
    const page = await pageAt(TUESDAY_18);
    await page.goto("/quiz/goteborg/tisdagsquiz-hos-svanevik");
    await expect.poll(() => page.getByText("Nästa: ikväll 18:30").count()).toBe(1);
    const page2 = await pageAt("2026-12-01T17:45:00.000Z");
    await page2.goto("/quiz/goteborg/tisdagsquiz-hos-svanevik");
    await expect.poll(() => page2.getByText("Nästa: tisdag 8 december").count()).toBe(1);
    expect(await page2.getByText("Pågår", { exact: true }).count()).toBe(1);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd.startDate).toBe("2026-12-01T17:30:00.000Z");
    expect(jsonLd.location.address.streetAddress).toBeTruthy();
  });

  it("a cancelled night says 'Inställt' on the event page and 'Inställt ikväll' on its card", async () => {
    const page = await pageAt(TUESDAY_18);
    await signInAsAdmin(page);
    const baseUrl = inject("baseUrl");
    const feed = await (
      await fetch(`${baseUrl}/quiz/goteborg/quiztisdag-pa-bar-kapsylen/kalender.ics`)
    ).text();
    const event = /UID:([0-9a-f-]{36})-tu@quizkvall/.exec(feed)?.[1];
    expect(event).toBeTruthy();
    const url = `${baseUrl}/api/admin/events/${event}/exceptions`;
    const cancel = await page.request.post(url, {
      data: { kind: "cancelled", date: "2026-12-01", note: "Privat fest" },
      headers: { Origin: baseUrl },
    });
    expect(cancel.status()).toBe(200);
    try {
      const visitor = await pageAt(TUESDAY_18);
      await visitor.goto("/quiz/goteborg/quiztisdag-pa-bar-kapsylen");
      await expect.poll(() => visitor.getByText("Inställt – Privat fest", { exact: true }).count()).toBe(1);
      expect(await visitor.getByText("Nästa: tisdag 8 december").count()).toBe(1);
      await visitor.goto("/?cities=goteborg&dag=ikvall&view=list");
      await expect.poll(async () => (await whenLines(visitor)).at(-1)).toBe("Inställt ikväll");
    } finally {
      const undo = await page.request.delete(url, {
        data: { kind: "cancelled", date: "2026-12-01" },
        headers: { Origin: baseUrl },
      });
      expect(undo.status()).toBe(200);
    }
  });

  it("the calendar feeds give the same dates whatever day they are fetched", async () => {
    const baseUrl = inject("baseUrl");
    const fetchAt = async (path: string, instant: string) => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: `quizkvall_now=${instant}` } });
      expect(response.status).toBe(200);
      return (await response.text()).replace(/\r\n /g, "");
    };
    for (const path of ["/quiz/goteborg.ics", "/quiz/goteborg/tisdag.ics"]) {
      const a = await fetchAt(path, TUESDAY_18);
      const b = await fetchAt(path, WEDNESDAY_10);
      expect(a).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT12H");
      const window = ["2026-11-01", "2027-03-01"] as const;
      expect(expandFeed(b, ...window)).toEqual(expandFeed(a, ...window));
      expect(expandFeed(a, ...window).length).toBeGreaterThan(10);
    }
    // Tonight's 18:30 quiz is in the Tuesday feed from either day.
    const tuesdays = expandFeed(
      await fetchAt("/quiz/goteborg/tisdag.ics", WEDNESDAY_10),
      "2026-12-01",
      "2026-12-01",
    );
    expect(tuesdays).toContain("2026-12-01T18:30");
  });
});

/** How many lines an element's text takes. */
function lineCount(page: Page, selector: string, name: string) {
  return page.evaluate(
    ([sel, text]) => {
      const el = [...document.querySelectorAll(sel)].find((e) => e.textContent?.includes(text));
      if (!el) return -1;
      // The visible text node (a link's screen-reader-only tail is left out).
      const node = [...el.childNodes].find(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes(text),
      );
      if (!node) return -2;
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.bottom)))
        .size;
    },
    [selector, name] as const,
  );
}

describe("on a phone", () => {
  it("home fits 390 px without JavaScript, and its buttons keep to one line", async () => {
    const page = await pageAt(TUESDAY_18, { javaScriptEnabled: false });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    const js = await pageAt(TUESDAY_18);
    await js.goto("/?cities=goteborg");
    expect(await js.getByRole("heading", { level: 1 }).textContent()).toBe("Pubquiz i Göteborg");
    for (const [selector, text] of [
      ["main button", "Saknar du ett quiz?"],
      ["main article a", "Mer info"],
      ["main article button", "Rapportera problem"],
    ] as const)
      expect(await lineCount(js, selector, text), text).toBe(1);
    // Scrolled to the end, the last row's skåla count is clear of the promo bubble.
    await js.goto("/?cities=goteborg&dag=ikvall&view=list");
    await js.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const overlap = await js.evaluate(() => {
      const bubble = document.querySelector('aside[aria-label="Veckans NutidsQuiz"] button');
      const beers = [...document.querySelectorAll("main article button")].at(-1);
      if (!bubble || !beers) return null;
      const a = bubble.getBoundingClientRect();
      const b = beers.getBoundingClientRect();
      return !(a.right < b.left || b.right < a.left || a.bottom < b.top || b.bottom < a.top);
    });
    expect(overlap).toBe(false);
  });
});

// ---------------------------------------------------------------- a small RFC 5545 expander for these feeds

const DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** Local start times ("YYYY-MM-DDTHH:MM") of every VEVENT between two dates: DTSTART, RRULE, RDATE, EXDATE. */
function expandFeed(ics: string, from: string, to: string): string[] {
  const out: string[] = [];
  for (const block of ics.split("BEGIN:VEVENT").slice(1)) {
    const field = (name: string) => new RegExp(`^${name}[;:][^\\r\\n]*`, "m").exec(block)?.[0];
    const stamp = (value: string) => {
      const m = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})/.exec(value);
      return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` : "";
    };
    const start = stamp(field("DTSTART") ?? "");
    const time = start.slice(11);
    const exdates = new Set((field("EXDATE")?.split(":")[1] ?? "").split(",").filter(Boolean).map(stamp));
    const dates = new Set<string>([start]);
    for (const r of (field("RDATE")?.split(":")[1] ?? "").split(",").filter(Boolean)) dates.add(stamp(r));
    const rule = Object.fromEntries(
      (field("RRULE")?.slice(6) ?? "")
        .split(";")
        .filter(Boolean)
        .map((p) => p.split("=")),
    );
    if (rule.FREQ) {
      const interval = Number(rule.INTERVAL ?? 1);
      const d = new Date(`${start.slice(0, 10)}T12:00:00Z`);
      const first = new Date(d);
      for (; d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
        const m = /^(-?\d)?([A-Z]{2})$/.exec(rule.BYDAY);
        if (!m || DAYS[d.getUTCDay()] !== m[2]) continue;
        if (rule.FREQ === "WEEKLY") {
          const weeks = Math.round((d.getTime() - first.getTime()) / (7 * 86_400_000));
          if (weeks % interval !== 0) continue;
        } else {
          const n = Number(m[1]);
          const dim = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
          const nth = n > 0 ? Math.ceil(d.getUTCDate() / 7) === n : d.getUTCDate() + 7 > dim;
          if (!nth) continue;
        }
        dates.add(`${d.toISOString().slice(0, 10)}T${time}`);
      }
    }
    for (const date of dates)
      if (!exdates.has(date) && date >= from && date.slice(0, 10) <= to) out.push(date);
  }
  return out.sort();
}
