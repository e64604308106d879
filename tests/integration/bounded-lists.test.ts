import { beforeAll, describe, expect, it } from "vitest";
import { eventExceptions, reports } from "~/db/schema";
import { countStaleEvents } from "~/features/confirmations/confirmations.server";
import { loadCityWeekdays, loadEventPageListing } from "~/features/event-listing/city-listing.server";
import { unpackCard } from "~/features/events/card-event";
import { readEventListVersion } from "~/features/events/event-list-cache.server";
import { todayAndTomorrow } from "~/features/events/event-view";
import { addDays } from "~/features/events/occurrences";
import { handleReportAction, REPORTS_PAGE_SIZE } from "~/features/reports/reports-admin.server";
import { getDb } from "~/lib/db.server";
import { stockholmDate } from "~/lib/time";
import { loader as beerActivityLoader } from "~/routes/admin/beer-activity";
import { loader as confirmationsLoader } from "~/routes/admin/confirmations";
import { loader as quizzesLoader } from "~/routes/admin/quizzes";
import { loader as beerCsvLoader } from "~/routes/api/admin/beer-activity-csv";
import { loader as reportsLoader } from "~/routes/api/admin/reports";
import { loader as listingLoader } from "~/routes/api/event-listing";
import { loader as cityFeedLoader } from "~/routes/feeds/city-ics";
import { loader as eventFeedLoader } from "~/routes/feeds/event-ics";
import { sessionCookie } from "../support/admin-session";
import { recordBeer } from "../support/beers";
import { callRoute } from "../support/call-route";
import { insertEvent, insertQuiz } from "../support/factories";
import { formData } from "../support/form-data";

/** A city page shows three events a day and twelve others on a quiz's page (city-listing.server.ts). */
const CITY_DAY_CARDS = 3;
const OTHER_EVENTS_SHOWN = 12;

/**
 * Lists that grow with the directory stay bounded: the city page's weekday groups, the event page's other
 * quizzes, the listing JSON's scopes, and the calendar feeds, which are kept per list version and answer
 * conditional requests (Malmö holds those events, so the counts are exact); and the admin's lists.
 */
const BASE = "http://localhost:3000";
// biome-ignore lint/suspicious/noExplicitAny: route handlers are called directly with what they read
type AnyArgs = any;
/** A loader's answer, or the response it threw (an access check's refusal). */
/** A GET of `path` on the site, through the route's loader. */
const call = (fn: (args: never) => unknown, path: string, headers: Record<string, string> = {}) =>
  callRoute(fn, new Request(`${BASE}${path}`, { headers }));

const TUESDAYS = 15;
const WEDNESDAYS = 2;

async function seedMalmo() {
  const db = getDb();
  const tuesdays = [];
  for (let i = 0; i < TUESDAYS; i++) {
    const hour = 17 + (i % 5);
    tuesdays.push(
      await insertEvent(db, { title: `Tisdag ${i}`, city: "Malmö", weekday: "Tisdag", time: `${hour}:30` }),
    );
  }
  for (let i = 0; i < WEDNESDAYS; i++)
    await insertEvent(db, { title: `Onsdag ${i}`, city: "Malmö", weekday: "Onsdag" });
  return tuesdays;
}

describe("bounded lists", () => {
  let tuesdays: Awaited<ReturnType<typeof seedMalmo>> = [];
  beforeAll(async () => {
    tuesdays = await seedMalmo();
  });

  it("groups a city's quizzes by weekday, a few cards each, by start time, with each day's count", async () => {
    const db = getDb();
    const now = new Date();
    const { total, days } = await loadCityWeekdays(db, now, "Malmö");
    expect(total).toBe(TUESDAYS + WEDNESDAYS);
    expect(days.map((d) => d.weekday)).toEqual([
      "Måndag",
      "Tisdag",
      "Onsdag",
      "Torsdag",
      "Fredag",
      "Lördag",
      "Söndag",
    ]);
    const tuesday = days[1];
    expect(tuesday?.count).toBe(TUESDAYS);
    expect(tuesday?.events).toHaveLength(CITY_DAY_CARDS);
    expect(tuesday?.events.map((e) => e.time)).toEqual(["17:30", "17:30", "17:30"]);
    expect(days[2]).toMatchObject({ count: WEDNESDAYS });
    expect(days[2]?.events).toHaveLength(WEDNESDAYS);
    expect(days[0]).toMatchObject({ count: 0, events: [] });

    // An event page shows a dozen of the others on its day, and how many the weekday page lists.
    const page = await loadEventPageListing(db, now, "Malmö", "tisdag-0");
    expect(page?.event.title).toBe("Tisdag 0");
    expect(page?.others).toHaveLength(OTHER_EVENTS_SHOWN);
    expect(page?.others.some((e) => e.id === page.event.id)).toBe(false);
    expect(page?.days).toEqual([{ weekday: "Tisdag", count: TUESDAYS }]);
    expect(page?.hasMore).toBe(true);
    const wednesday = await loadEventPageListing(db, now, "Malmö", "onsdag-0");
    expect(wednesday).toMatchObject({ hasMore: false, days: [{ weekday: "Onsdag", count: WEDNESDAYS }] });
    expect(wednesday?.others.map((e) => e.title)).toEqual(["Onsdag 1"]);
    expect(await loadEventPageListing(db, now, "Malmö", "finns-inte")).toBeNull();
    expect(await loadEventPageListing(db, now, "Göteborg", "tisdag-0")).toBeNull();
  });

  it("sends one city's weekday in the listing JSON, with an ETag that a conditional request matches", async () => {
    const db = getDb();
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const version = await readEventListVersion(db);
    const path = `/api/events/listing?v=${version}&t=${minute}&stad=malmo&dag=tisdag`;
    const first = await call(listingLoader, path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    const { cards } = await first.json();
    const dates = todayAndTomorrow(new Date(minute));
    const unpacked = cards.map((c: Parameters<typeof unpackCard>[0]) => unpackCard(c, dates));
    expect(unpacked).toHaveLength(TUESDAYS);
    expect(unpacked.every((e: { city: string }) => e.city === "Malmö")).toBe(true);
    expect(unpacked[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const again = await call(listingLoader, path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // The other scopes are other answers.
    const city = await call(listingLoader, `/api/events/listing?v=${version}&t=${minute}&stad=malmo`, {
      "if-none-match": etag,
    });
    expect(city.status).toBe(200);
    expect((await city.json()).cards).toHaveLength(TUESDAYS + WEDNESDAYS);

    // A write makes the page's version old: the current data comes back, not for keeping.
    await insertEvent(db, { title: "Tisdag ny", city: "Malmö", weekday: "Tisdag" });
    const after = await call(listingLoader, path, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("cache-control")).toBe("no-cache");
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await after.json()).cards).toHaveLength(TUESDAYS + 1);

    for (const [query, error] of [
      ["stad=paris", "Okänd stad"],
      ["dag=tisdag", "Okänd veckodag"],
      ["stad=malmo&dag=tisdagkvall", "Okänd veckodag"],
    ]) {
      const refused = await call(listingLoader, `/api/events/listing?${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.json()).toEqual({ error });
    }
  });

  it("keeps a feed per list version, answers its validators with 304, and leaves out exceptions long past", async () => {
    const db = getDb();
    const [event] = tuesdays;
    if (!event) throw new Error("no event");
    const today = stockholmDate(new Date());
    const tuesdayOnOrAfter = (date: string) => {
      let d = date;
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 2) d = addDays(d, 1);
      return d;
    };
    const longPast = tuesdayOnOrAfter(addDays(today, -400));
    const soon = tuesdayOnOrAfter(addDays(today, 1));
    await db.insert(eventExceptions).values([
      { eventId: event.id, date: longPast, kind: "cancelled" },
      { eventId: event.id, date: soon, kind: "cancelled" },
    ]);

    const first = await call(cityFeedLoader, "/quiz/malmo.ics");
    expect(first.status).toBe(200);
    const body = await first.text();
    const stamp = (d: string) => `${d.replace(/-/g, "")}T`;
    expect(body).toContain(stamp(soon));
    expect(body).not.toContain(stamp(longPast));
    const etag = first.headers.get("etag") ?? "";
    const modified = first.headers.get("last-modified") ?? "";
    expect(etag).toBeTruthy();
    expect(modified).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("public, max-age=600");

    // The same version is the same text, and a client holding it gets a 304.
    expect(await (await call(cityFeedLoader, "/quiz/malmo.ics")).text()).toBe(body);
    expect((await call(cityFeedLoader, "/quiz/malmo.ics", { "if-none-match": etag })).status).toBe(304);
    expect((await call(cityFeedLoader, "/quiz/malmo.ics", { "if-modified-since": modified })).status).toBe(
      304,
    );

    // An edit is a new version: a new text, whatever the client holds.
    await insertEvent(db, { title: "Nykomlingen", city: "Malmö", weekday: "Onsdag" });
    const changed = await call(cityFeedLoader, "/quiz/malmo.ics", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("SUMMARY:Nykomlingen");

    // The weekday feed and the event's own file answer the same way.
    const weekday = await call(cityFeedLoader, "/quiz/malmo/onsdag.ics");
    expect(await weekday.text()).toContain("SUMMARY:Nykomlingen");
    const own = (await (eventFeedLoader as (a: AnyArgs) => Promise<Response>)({
      request: new Request(`${BASE}/quiz/malmo/${event.slug}/kalender.ics`),
      params: { city: "malmo", slug: event.slug },
      context: {},
    })) as Response;
    const ownTag = own.headers.get("etag") ?? "";
    expect(await own.text()).toContain(`SUMMARY:${event.title}`);
    const ownAgain = (await (eventFeedLoader as (a: AnyArgs) => Promise<Response>)({
      request: new Request(`${BASE}/quiz/malmo/${event.slug}/kalender.ics`, {
        headers: { "if-none-match": ownTag },
      }),
      params: { city: "malmo", slug: event.slug },
      context: {},
    })) as Response;
    expect(ownAgain.status).toBe(304);
  });
});

describe("admin lists, a page at a time", () => {
  let adminCookie = "";
  beforeAll(async () => {
    adminCookie = await sessionCookie({ admin: true });
  });
  const asAdmin = (fn: (args: AnyArgs) => unknown, path: string) =>
    call(fn, path, { cookie: adminCookie }) as unknown as Promise<AnyArgs>;

  it("pages the reports with a cursor that resolving or deleting does not shift, and counts them all", async () => {
    const db = getDb();
    const hour = 3_600_000;
    // The same instant twice: the id orders them, and the cursor keeps the microseconds.
    const at = new Date(Date.now() - 1000 * hour);
    await db.insert(reports).values(
      Array.from({ length: REPORTS_PAGE_SIZE + 5 }, (_, i) => ({
        reportType: "other",
        title: `Rapport ${i}`,
        description: "Stämmer inte.",
        status: i % 5 === 0 ? "resolved" : "pending",
        resolvedAt: i % 5 === 0 ? new Date() : null,
        createdAt: i < 2 ? at : new Date(at.getTime() - i * hour),
      })),
    );
    const first = await asAdmin(reportsLoader, "/api/admin/reports");
    const page1 = await first.json();
    expect(page1.reports).toHaveLength(REPORTS_PAGE_SIZE);
    expect(page1).toMatchObject({ total: REPORTS_PAGE_SIZE + 5, pending: REPORTS_PAGE_SIZE + 5 - 11 });
    expect(page1.next).toEqual(expect.any(String));
    // Deleting a resolved report of the first page does not move one of the second out of reach.
    const resolvedOnFirst = page1.reports.find((r: { status: string }) => r.status === "resolved");
    const deleted = await handleReportAction(db, resolvedOnFirst.id, formData({ intent: "delete" }));
    expect(deleted.status).toBe(200);
    const page2 = await (
      await asAdmin(reportsLoader, `/api/admin/reports?efter=${encodeURIComponent(page1.next)}`)
    ).json();
    expect(page2.reports).toHaveLength(5);
    expect(page2.next).toBeNull();
    const ids = [...page1.reports, ...page2.reports].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(REPORTS_PAGE_SIZE + 5);
    const refused = await asAdmin(reportsLoader, "/api/admin/reports?efter=gammalt");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Ogiltig sidmarkering" });
  });

  it("pages the confirmations list and the quiz list, and clamps a page past the end", async () => {
    const db = getDb();
    const stale = await countStaleEvents(db, new Date());
    for (let i = stale; i < 55; i++)
      await insertEvent(db, { title: `Gammal ${i}`, createdAt: new Date("2020-01-01T00:00:00Z") });
    const total = await countStaleEvents(db, new Date());
    const first = await asAdmin(confirmationsLoader, "/admin/confirmations");
    expect(first).toMatchObject({ total, page: 1, pages: Math.ceil(total / 50) });
    expect(first.events).toHaveLength(50);
    const last = await asAdmin(confirmationsLoader, "/admin/confirmations?sida=99");
    expect(last.page).toBe(first.pages);
    expect(last.events).toHaveLength(total - 50 * (first.pages - 1));
    expect(new Set([...first.events, ...last.events].map((e: { id: string }) => e.id)).size).toBe(
      first.events.length + last.events.length,
    );

    for (let i = 0; i < 26; i++) await insertQuiz(db, { title: `Sidquiz ${i}`, questionCount: 1 });
    const quizzes = await asAdmin(quizzesLoader, "/admin/quizzes");
    expect(quizzes.quizzes).toHaveLength(24);
    expect(quizzes.page).toBe(1);
    const second = await asAdmin(quizzesLoader, "/admin/quizzes?sida=2");
    expect(second.page).toBe(2);
    expect(second.quizzes.length).toBeGreaterThanOrEqual(2);
    expect(
      second.quizzes.some((q: { id: string }) => quizzes.quizzes.some((p: { id: string }) => p.id === q.id)),
    ).toBe(false);
  });

  it("pages the beer activity tables, and exports every row as CSV", async () => {
    const db = getDb();
    const now = new Date();
    const events = [];
    for (let i = 0; i < 55; i++) events.push(await insertEvent(db, { title: `Ölkväll ${i}` }));
    let n = 0;
    for (const [i, event] of events.entries()) {
      const clicks = i === 0 ? 50 : 1;
      for (let c = 0; c < clicks; c++)
        await recordBeer(
          db,
          { eventId: event.id, visitorId: `sida-${n++}` },
          new Date(now.getTime() - 60_000 - n * 1000),
        );
    }
    const summary = await asAdmin(beerActivityLoader, "/admin/beer-activity?hours=1");
    expect(summary.total).toBe(n);
    expect(summary.summary).toHaveLength(50);
    expect(summary.pages).toBe(2);
    const summary2 = await asAdmin(beerActivityLoader, "/admin/beer-activity?hours=1&sida=2");
    expect(summary2.summary).toHaveLength(5);
    const detailed = await asAdmin(beerActivityLoader, "/admin/beer-activity?hours=1&mode=detailed&sida=2");
    expect(detailed).toMatchObject({ page: 2, pages: 2, summary: [] });
    expect(detailed.clicks).toHaveLength(n - 100);

    const csv = await asAdmin(beerCsvLoader, "/api/admin/beer-activity.csv?hours=1&mode=detailed");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ol-aktivitet-detailed-1h-/,
    );
    const lines = (await csv.text()).trim().split(/\r\n/);
    expect(lines).toHaveLength(n + 1);
    const summaryCsv = await (await asAdmin(beerCsvLoader, "/api/admin/beer-activity.csv?hours=1")).text();
    expect(summaryCsv.trim().split(/\r\n/)).toHaveLength(events.length + 1);
    const refused = await call(beerCsvLoader, "/api/admin/beer-activity.csv");
    expect(refused.status).toBe(401);
  });
});
