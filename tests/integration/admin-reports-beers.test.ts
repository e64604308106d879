import { eq, sql } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { beerClickDays, beerClickHours, beerClicks, events, jobRuns, reports } from "~/db/schema";
import { type BeerClick, PERIOD_HOURS } from "~/features/beer-activity/beer-activity";
import { getBeerActivity } from "~/features/beer-activity/beer-activity.server";
import { BEER_JOB_NAME, incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { getDb } from "~/lib/db.server";
import { loader as beerActivityLoader } from "~/routes/admin/beer-activity";
import { action as beerIncrementAction } from "~/routes/api/admin/beer-increment";
import { loader as reportsLoader } from "~/routes/api/admin/reports";
import { sessionCookie } from "../support/admin-session";
import { bucketClicks, summarize } from "../support/beer-activity-oracle";
import { recordBeer } from "../support/beers";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";

const CHART_BUCKETS = 12;

/** The accepted clicks of the last `hours`, newest first: the report's detailed list. */
async function listBeerClicks(db: ReturnType<typeof getDb>, hours: number, now: Date): Promise<BeerClick[]> {
  return (await getBeerActivity(db, hours, { now })).clicks;
}

/** Reports panel list (its resolve and delete: report-action.test.ts), the beer activity report and the beer increment (job and forced run). */
const HOUR = 3_600_000;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});

/** Runs a route's loader or action at `url`, as the admin unless `cookie` says otherwise. */
function call<T = Response>(
  fn: (args: never) => unknown,
  url: string,
  { cookie = adminCookie, ...init }: RequestInit & { cookie?: string } = {},
) {
  return callRoute<T>(fn, new Request(`http://localhost:3000${url}`, { ...init, headers: { cookie } }));
}

async function insertReport(values: Partial<typeof reports.$inferInsert> & { createdAt: Date }) {
  const [row] = await getDb()
    .insert(reports)
    .values({ reportType: "incorrect_info", title: "Fel tid", description: "Quizet börjar 20:00", ...values })
    .returning();
  assert(row);
  return row;
}

describe("reports admin API", () => {
  it("lists every report newest first with its event title, for admins only", async () => {
    const event = await insertEvent(getDb(), { title: "Rapporterad krog" });
    const older = await insertReport({ eventId: event.id, createdAt: new Date("2026-11-01T10:00:00Z") });
    const newer = await insertReport({
      reportType: "missing_quiz",
      title: "Nytt ställe",
      description: "Quiz på Bishops",
      status: "pending",
      createdAt: new Date("2026-11-02T10:00:00Z"),
    });
    const response = await call(reportsLoader, "/api/admin/reports");
    expect(response.status).toBe(200);
    const { reports: list } = await response.json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({ eventTitle: "Rapporterad krog", status: "pending", resolvedAt: null });
    // The panel links each report to its event's public page.
    expect(list[1].eventPath).toMatch(new RegExp(`^/quiz/(goteborg|stockholm|malmo)/${event.slug}$`));
    expect(list[0]).toMatchObject({ eventTitle: null, eventPath: null, reportType: "missing_quiz" });

    expect((await call(reportsLoader, "/api/admin/reports", { cookie: userCookie })).status).toBe(403);
    expect((await call(reportsLoader, "/api/admin/reports", { cookie: "" })).status).toBe(401);
  });
});

describe("beer activity", () => {
  it("reports the clicks within the period, newest first, with the event's title, city and place", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Ölkvällen", city: "Stockholm", locationName: "Kvarnen" });
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await db.insert(beerClicks).values([
      { eventId: event.id, userIdentifier: "besok-1", clickedAt: ago(10) },
      { eventId: event.id, userIdentifier: "besok-2", clickedAt: ago(90) },
      { eventId: event.id, userIdentifier: "besok-3", clickedAt: ago(60 * 30) },
    ]);
    const lastHour = await listBeerClicks(db, 1, now);
    expect(lastHour).toEqual([
      {
        eventId: event.id,
        title: "Ölkvällen",
        city: "Stockholm",
        place: "Kvarnen",
        userIdentifier: "besok-1",
        clickedAt: ago(10).toISOString(),
      },
    ]);
    expect((await listBeerClicks(db, 6, now)).map((c) => c.userIdentifier)).toEqual(["besok-1", "besok-2"]);
    expect(await listBeerClicks(db, 72, now)).toHaveLength(3);

    const page = await call<{ hours: number; mode: string; clicks: unknown[] }>(
      beerActivityLoader,
      "/admin/beer-activity?hours=24&mode=detailed",
    );
    expect(page).toMatchObject({ hours: 24, mode: "detailed" });
    expect(page.clicks).toHaveLength(2);
    const fallback = await call<{ hours: number; mode: string }>(
      beerActivityLoader,
      "/admin/beer-activity?hours=5&mode=x",
    );
    expect(fallback).toMatchObject({ hours: 6, mode: "summary" });
  });

  it("redirects non-admins to /admin", async () => {
    for (const cookie of ["", userCookie]) {
      const response = await call(beerActivityLoader, "/admin/beer-activity", { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin");
    }
  });
});

describe("beer increment", () => {
  it("adds 0 to 8 to every event in one statement and reports exactly what it added", async () => {
    const db = getDb();
    const before = new Map((await db.select().from(events)).map((e) => [e.id, e.beerCounter]));
    const result = await incrementEventBeers(db);
    const after = await db.select().from(events);
    expect(result.updated).toBe(after.length);
    expect(result.events).toHaveLength(after.length);
    for (const row of after) {
      const entry = result.events.find((e) => e.id === row.id)!;
      expect(entry.title).toBe(row.title);
      expect(entry.added).toBeGreaterThanOrEqual(0);
      expect(entry.added).toBeLessThanOrEqual(8);
      expect(row.beerCounter - before.get(row.id)!).toBe(entry.added);
    }
    expect(result.added).toBe(result.events.reduce((s, e) => s + e.added, 0));
  });

  it("keeps concurrent beer clicks: increments and +1 updates interleave without losing any", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Samtidigt" });
    const clicks = 20;
    const results = await Promise.all([
      incrementEventBeers(db),
      ...Array.from({ length: clicks }, () =>
        db
          .update(events)
          .set({ beerCounter: sql`${events.beerCounter} + 1` })
          .where(eq(events.id, event.id)),
      ),
      incrementEventBeers(db),
    ]);
    const added = [results[0], results.at(-1)] as Awaited<ReturnType<typeof incrementEventBeers>>[];
    const [row] = await db.select().from(events).where(eq(events.id, event.id));
    assert(row);
    const jobAdded = added.reduce((s, r) => s + r.events.find((e) => e.id === event.id)!.added, 0);
    expect(row.beerCounter).toBe(clicks + jobAdded);
  });

  it("the forced run answers the JSON result and is recorded in job_runs; non-admins are refused", async () => {
    const response = await call(beerIncrementAction, "/api/admin/beer-increment", { method: "POST" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["updated", "added", "events"]);
    expect(Object.keys(body.events[0])).toEqual(["id", "title", "added"]);
    const runs = await getDb().select().from(jobRuns).where(eq(jobRuns.job, BEER_JOB_NAME));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", result: body });
    expect(runs[0]?.slot).toMatch(/^manual:/);
    const refused = await call(beerIncrementAction, "/api/admin/beer-increment", {
      method: "POST",
      cookie: userCookie,
    });
    expect(refused.status).toBe(403);
  });
});

describe("beer activity aggregated in the database", () => {
  // Clicks recorded as the beer button records them (so the hourly and daily roll-ups are kept), with
  // clicks exactly on and next to the places the report cuts the period: its ends, UTC hours and days,
  // and the chart's bucket boundaries.
  async function recordClicks(eventIds: string[], now: Date) {
    const end = now.getTime();
    const times = new Set<number>();
    for (let t = end - 8 * 24 * HOUR; t <= end; t += 37 * 60_000 + 13_000) times.add(t);
    for (const hours of PERIOD_HOURS) {
      const start = end - hours * HOUR;
      for (let i = 0; i <= CHART_BUCKETS; i++) {
        const boundary = start + (i * (end - start)) / CHART_BUCKETS;
        for (const t of [boundary - 1, boundary, boundary + 1]) times.add(t);
      }
    }
    for (let h = Math.floor((end - 8 * 24 * HOUR) / HOUR) * HOUR; h <= end; h += HOUR) {
      if (h % (24 * HOUR) === 0 || Math.abs(h - end) < 3 * HOUR)
        for (const t of [h - 1, h, h + 1]) times.add(t);
    }
    let i = 0;
    for (const t of [...times].filter((t) => t <= end).sort((a, b) => a - b)) {
      const result = await recordBeer(
        getDb(),
        { eventId: eventIds[i % eventIds.length]!, visitorId: `rollup-${now.getTime()}-${i++}` },
        new Date(t),
      );
      expect(result.status).toBe("accepted");
    }
  }

  it("has a slow-way oracle that counts per event and into equal buckets", () => {
    const click = (eventId: string, clickedAt: string): BeerClick => ({
      eventId,
      title: `Quiz ${eventId}`,
      city: "Göteborg",
      place: "Krogen",
      userIdentifier: `user-${clickedAt}`,
      clickedAt,
    });
    const clicks = [
      click("b", "2026-11-22T11:30:00.000Z"),
      click("a", "2026-11-22T11:00:00.000Z"),
      click("a", "2026-11-22T10:00:00.000Z"),
    ];
    expect(summarize(clicks)).toEqual([
      expect.objectContaining({
        eventId: "a",
        count: 2,
        first: clicks[2]?.clickedAt,
        last: clicks[1]?.clickedAt,
      }),
      expect.objectContaining({ eventId: "b", count: 1 }),
    ]);
    const buckets = bucketClicks(clicks, 6, new Date("2026-11-22T12:00:00Z"), 6);
    expect(buckets.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 2]);
  });

  /** The report computed the slow way: every raw click of the period through the pure functions. */
  async function fromRawClicks(hours: number, now: Date, eventIds: string[]) {
    const clicks = (await listBeerClicks(getDb(), hours, now)).filter((c) => eventIds.includes(c.eventId));
    return {
      total: clicks.length,
      summary: summarize(clicks).map(({ eventId, title, city, place, count, first, last }) => ({
        eventId,
        title,
        city,
        place,
        count,
        first,
        last,
      })),
      buckets: bucketClicks(clicks, hours, now, CHART_BUCKETS),
    };
  }

  const nows = [new Date("2027-03-01T12:34:56.789Z"), new Date("2027-04-01T00:00:00.000Z")];
  it.each(nows)("sums the roll-ups and the partial hours to exactly the raw counts (now %s)", async (now) => {
    const db = getDb();
    const a = await insertEvent(db, { title: `Aggregat A ${now.getTime()}` });
    const b = await insertEvent(db, { title: `Aggregat B ${now.getTime()}` });
    await recordClicks([a.id, b.id, a.id], now);
    for (const hours of PERIOD_HOURS) {
      const report = await getBeerActivity(db, hours, { now, withDetails: false });
      const expected = await fromRawClicks(hours, now, [a.id, b.id]);
      expect(expected.total).toBeGreaterThan(0);
      expect([hours, report.total]).toEqual([hours, expected.total]);
      expect(report.summary).toEqual(expected.summary);
      expect(report.buckets).toEqual(expected.buckets);
      expect(report.clicks).toEqual([]);
    }
    const detailed = await getBeerActivity(db, 6, { now, withDetails: true });
    expect(detailed.clicks).toHaveLength(detailed.total);
    expect(detailed.truncated).toBe(false);

    // Deleting an event removes its clicks and its roll-up rows with it.
    await db.delete(events).where(eq(events.id, b.id));
    for (const table of [beerClickHours, beerClickDays]) {
      expect(await db.select().from(table).where(eq(table.eventId, b.id))).toEqual([]);
    }
    const week = await getBeerActivity(db, 168, { now, withDetails: false });
    const expected = await fromRawClicks(168, now, [a.id]);
    expect(week.summary).toEqual(expected.summary);
    expect(week.buckets).toEqual(expected.buckets);
  });
});
