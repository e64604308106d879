import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { WEEKDAY_SLUGS } from "~/lib/time";
import { generateBenchData } from "../../bench/lib/generate-data";
import { PHONE, setupBrowser } from "../support/browser";
import { signInFirstAdmin } from "../support/first-admin";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/** A card shows at most 160 characters of the description (features/events/event-format.ts). */
const CARD_DESCRIPTION_CHARS = 160;

/**
 * A real city's size: 2,000 generated events (about 670 in Göteborg) with realistic descriptions and two
 * years of cancelled nights, clicks, quizzes, plays and reports, written with the benchmark's own generator
 * into a fresh embedded database, then served by the production build. Every page stays within its budget,
 * every Göteborg event is reachable without JavaScript, and the listing and the feeds answer conditional
 * requests.
 */
const HTML_BUDGET = 200_000;
/** The whole listing JSON: a card's fields with its description cut to what a card shows. */
// A card carries its street (search) and each weekday's own label and next night (decision 056).
const LISTING_BYTES_PER_EVENT = 360;
/** A city feed: one VEVENT per event and weekday, without years of exceptions or whole descriptions. */
const FEED_BYTES_PER_VEVENT = 600;
const FEED_HISTORY_DAYS = 90;
const EVENTS = 2_000;
const WEEKDAY_SLUG_SET = new Set(Object.values(WEEKDAY_SLUGS));

const browser = setupBrowser();
let server: SpawnedServer | undefined;
let dataDir = "";
let base = "";
let adminCookie = "";

type Got = { status: number; headers: Headers; raw: string; bytes: number };

/** A GET; `bytes` is the body's raw size (as the browser parses it, after any content coding). */
async function get(pathname: string, headers: Record<string, string> = {}): Promise<Got> {
  const res = await fetch(`${base}${pathname}`, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, raw: body.toString(), bytes: body.length };
}

const asAdmin = () => ({ cookie: adminCookie });

/** Event links of a page in a city: /quiz/{city}/{slug} for any slug that is not a weekday or the map. */
function eventLinks(html: string, city: string): string[] {
  return [...html.matchAll(new RegExp(`href="/quiz/${city}/([a-z0-9-]+)"`, "g"))]
    .map((m) => m[1] ?? "")
    .filter((slug) => !WEEKDAY_SLUG_SET.has(slug) && slug !== "karta");
}

beforeAll(async () => {
  dataDir = tempDataDir("bounded");
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  const { db } = handle;
  await generateBenchData(db, {
    events: EVENTS,
    beerClicks: 4_000,
    beerVisitors: 3_000,
    days: 7,
    quizzes: 30,
    questionsPerQuiz: 3,
    plays: 300,
  });
  // Descriptions as venues write them, quiz nights running for two years, and the first night of every
  // month cancelled over those years (a Göteborg feed would otherwise carry them all).
  await db.execute(sql`update events set
      description = description || repeat(' Sex ronder allmänbildning, en musikrunda och en bildrunda; vinnarlaget får ett presentkort.', 4),
      recurrence_anchor = current_date - 730`);
  await db.execute(sql`insert into event_exceptions (event_id, date, kind, note)
      select e.id, d::date, 'cancelled', 'Helgstängt'
      from events e cross join lateral generate_series(current_date - 730, current_date - 95, interval '1 day') d
      where e.city = 'Göteborg'
        and extract(isodow from d) = array_position(
          array['Måndag','Tisdag','Onsdag','Torsdag','Fredag','Lördag','Söndag'], e.schedules->0->>'weekday')
        and extract(day from d) <= 7`);
  await db.execute(sql`insert into reports (report_type, title, description, status, resolved_at, created_at)
      select 'other', 'Rapport ' || g, 'Stämmer inte längre.',
        case when g % 3 = 0 then 'resolved' else 'pending' end,
        case when g % 3 = 0 then now() end, now() - g * interval '1 hour'
      from generate_series(1, 130) g`);
  await handle.close();

  // TEST_CLOCK: the "Nära mig" pages are measured at noon, whatever time the test runs.
  server = await spawnServer({ DATA_DIR: dataDir, TEST_CLOCK: "1" });
  base = server.baseUrl;
  adminCookie = await signInFirstAdmin(base, server.output());
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("pages at 2,000 events", () => {
  it("keeps every public and admin page's HTML within 200 KB raw", async () => {
    const city = await get("/quiz/goteborg");
    const [eventSlug] = eventLinks(city.raw, "goteborg");
    const quizzes = await get("/admin/quizzes", asAdmin());
    const resultsPath = /href="(\/admin\/quizzes\/[0-9a-f-]+\/results)"/.exec(quizzes.raw)?.[1];
    expect(eventSlug).toBeTruthy();
    expect(resultsPath).toBeTruthy();
    const pages: [string, Record<string, string>][] = [
      ["/", {}],
      ["/quiz/goteborg", {}],
      ["/quiz/goteborg/mandag", {}],
      ["/quiz/goteborg/karta", {}],
      ["/quiz/goteborg/mandag?sida=2", {}],
      [`/quiz/goteborg/${eventSlug}`, {}],
      ["/veckans-nutidsquiz", {}],
      ["/", asAdmin()],
      ["/admin", asAdmin()],
      ["/admin/confirmations", asAdmin()],
      ["/admin/beer-activity?hours=168", asAdmin()],
      ["/admin/beer-activity?hours=168&mode=detailed", asAdmin()],
      ["/admin/quizzes", asAdmin()],
      [resultsPath ?? "", asAdmin()],
    ];
    const sizes: Record<string, number> = {};
    for (const [pathname, headers] of pages) {
      const page = await get(pathname, headers);
      expect(page.status, pathname).toBe(200);
      sizes[`${headers.cookie ? "admin " : ""}${pathname}`] = page.bytes;
    }
    // "Nära mig" (decision 061), at noon so that all of tonight's nights are still ahead: tonight's nights
    // with their distances above the listing, a bounded number of them, each with its distance.
    const noon = { cookie: `quizkvall_now=${new Date().toISOString().slice(0, 10)}T10:00:00.000Z` };
    for (const pathname of [
      "/quiz/goteborg?nara=57.707,11.968",
      "/quiz/goteborg?nara=57.707,11.968&ordning=narmast",
      "/?cities=goteborg&nara=57.707,11.968",
    ]) {
      const near = await get(pathname, noon);
      expect(near.status, pathname).toBe(200);
      sizes[pathname] = near.bytes;
      const rows = near.raw.match(/data-near-row/g)?.length ?? 0;
      expect(rows, pathname).toBe(12);
      const distances = near.raw.match(/data-near-distance[^>]*>(\d+(,\d)? km|\d+ m)</g);
      expect(distances, pathname).toHaveLength(rows);
    }
    const over = Object.entries(sizes).filter(([, bytes]) => bytes > HTML_BUDGET);
    expect(over, JSON.stringify(sizes, null, 1)).toEqual([]);
  });

  it("sends a listing JSON as compact as the cards need, and each page only its own part of it", async () => {
    const home = await get("/");
    const listUrl = /(\/api\/events\/listing\?[^"]+)/.exec(home.raw)?.[1]?.replace(/&amp;/g, "&");
    expect(listUrl).toBeTruthy();
    const listing = await get(listUrl ?? "");
    expect(listing.status).toBe(200);
    const cards = (JSON.parse(listing.raw) as { cards: unknown[][] }).cards;
    expect(cards.length).toBeGreaterThanOrEqual(EVENTS);
    expect(listing.bytes).toBeLessThanOrEqual(cards.length * LISTING_BYTES_PER_EVENT);
    for (const card of cards) expect(String(card[4]).length).toBeLessThanOrEqual(CARD_DESCRIPTION_CHARS + 1);

    // The weekday page fetches only that city's events on that day.
    const weekday = await get("/quiz/goteborg/mandag");
    const dayUrl = /(\/api\/events\/listing\?[^"]+)/.exec(weekday.raw)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(dayUrl).toContain("stad=goteborg");
    expect(dayUrl).toContain("dag=mandag");
    const dayCards = (JSON.parse((await get(dayUrl)).raw) as { cards: unknown[][] }).cards;
    const matching = Number(/(\d+) quizkvällar/.exec(weekday.raw)?.[1]);
    expect(dayCards).toHaveLength(matching);
    expect(dayCards.length).toBeLessThan(cards.length / 10);
  });

  it("holds in a city feed what a calendar needs: every event by its rule, no years of exceptions", async () => {
    const feed = await get("/quiz/goteborg.ics");
    expect(feed.status).toBe(200);
    const vevents = feed.raw.match(/BEGIN:VEVENT/g)?.length ?? 0;
    expect(vevents).toBeGreaterThan(600);
    expect(feed.bytes).toBeLessThanOrEqual(vevents * FEED_BYTES_PER_VEVENT);
    expect(feed.raw).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=MO/);
    const unfolded = feed.raw.replace(/\r\n /g, "");
    const oldest = new Date(Date.now() - FEED_HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
    // Left-out nights (EXDATE) and cancelled ones (RECURRENCE-ID overrides) alike.
    const exdates = [...unfolded.matchAll(/^(?:EXDATE|RECURRENCE-ID);[^:]*:(.*)$/gm)].flatMap((m) =>
      (m[1] ?? "").split(","),
    );
    const tooOld = exdates.filter((stamp) => stamp.slice(0, 8) < oldest.replace(/-/g, ""));
    expect(tooOld).toEqual([]);
  });

  it("answers conditional requests for the listing JSON and the feeds with 304", async () => {
    const home = await get("/");
    const listUrl = /(\/api\/events\/listing\?[^"]+)/.exec(home.raw)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const city = await get("/quiz/goteborg");
    const [eventSlug] = eventLinks(city.raw, "goteborg");
    for (const pathname of [
      listUrl,
      "/quiz/goteborg.ics",
      "/quiz/goteborg/tisdag.ics",
      `/quiz/goteborg/${eventSlug}/kalender.ics`,
    ]) {
      const first = await get(pathname);
      expect(first.status, pathname).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag, pathname).toBeTruthy();
      const again = await get(pathname, { "if-none-match": etag ?? "" });
      expect(again.status, pathname).toBe(304);
      expect(again.bytes, pathname).toBe(0);
      expect(again.headers.get("etag"), pathname).toBe(etag);
      expect((await get(pathname, { "if-none-match": 'W/"annan"' })).status, pathname).toBe(200);
      const modified = first.headers.get("last-modified");
      if (pathname.endsWith(".ics")) {
        expect(modified, pathname).toBeTruthy();
        expect((await get(pathname, { "if-modified-since": modified ?? "" })).status, pathname).toBe(304);
      }
    }
  });

  it("reaches every Göteborg event without JavaScript, through the weekday pages and their page links", async () => {
    const expected = new Set(
      (JSON.parse((await get("/api/events/listing?stad=goteborg")).raw) as { cards: unknown[][] }).cards.map(
        (c) => String(c[1]),
      ),
    );
    const reached = new Set<string>();
    const city = await get("/quiz/goteborg");
    const weekdayPages = [
      ...new Set([...city.raw.matchAll(/href="(\/quiz\/goteborg\/[a-z]+)"/g)].map((m) => m[1] ?? "")),
    ].filter((p) => WEEKDAY_SLUG_SET.has(p.split("/").pop() ?? ""));
    expect(weekdayPages).toHaveLength(7);
    let pagesVisited = 0;
    for (const weekdayPage of weekdayPages) {
      let next: string | undefined = weekdayPage;
      while (next) {
        const page = await get(next);
        expect(page.status, next).toBe(200);
        pagesVisited++;
        for (const slug of eventLinks(page.raw, "goteborg")) reached.add(slug);
        const rel = /<a href="([^"]+)" rel="next"/.exec(page.raw)?.[1]?.replace(/&amp;/g, "&");
        next = rel ? `${weekdayPage}${rel}` : undefined;
        expect(pagesVisited).toBeLessThan(200);
      }
    }
    expect(expected.size).toBeGreaterThan(600);
    expect([...expected].filter((slug) => !reached.has(slug))).toEqual([]);
  });

  it("keeps the bounded pages in the page cache, also uncompressed (it stores at most 1 MB a page)", async () => {
    const identity = { "accept-encoding": "identity" };
    for (const pathname of ["/quiz/goteborg", "/quiz/goteborg/onsdag", "/quiz/goteborg/onsdag?sida=2"]) {
      await get(pathname, identity);
      const again = await get(pathname, identity);
      expect(again.headers.get("x-cache"), pathname).toMatch(/^(hit|stale)$/);
    }
  });

  it("with JavaScript, goes from a city's day to its weekday page, which loads the whole day as the visitor scrolls", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const listings: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/events/listing")) listings.push(r.url());
    });
    await page.goto(`${base}/quiz/goteborg`);
    const tile = page.getByRole("link", { name: /^Alla \d+ quiz på måndagar$/ });
    await tile.click();
    await page.waitForURL(`${base}/quiz/goteborg/mandag`);
    await page.getByRole("heading", { name: "Pubquiz i Göteborg på måndagar" }).waitFor();
    // Once the day's cards are in, the page links give way to the whole list.
    await page.locator('nav[aria-label="Sidor"]').waitFor({ state: "detached" });
    expect(listings.some((url) => /stad=goteborg&dag=mandag/.test(url))).toBe(true);

    const secondPage = eventLinks((await get("/quiz/goteborg/mandag?sida=2")).raw, "goteborg");
    const shown = async () =>
      page.locator("article h3 a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 1500);
        const hrefs = await shown();
        return secondPage.some((slug) => hrefs.includes(`/quiz/goteborg/${slug}`));
      })
      .toBe(true);
  });
});
