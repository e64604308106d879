import { count, eq, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { beerClickDays, beerClickHours, beerClickPending, beerClicks, events } from "~/db/schema";
import { getBeerActivity } from "~/features/beer-activity/beer-activity.server";
import { startBeerFlusher } from "~/features/beers/beer-flush.server";
import { getBeerStatuses } from "~/features/beers/beers.server";
import { type Db, getDb, queryRows } from "~/lib/db.server";
import { flushBeers, recordBeer } from "../support/beers";
import { insertEvent } from "../support/factories";

// Decision 046: a skåla stores its click and queues it; the flusher moves queued clicks into the counter and
// the roll-ups. Every stored click must end up counted exactly once, whatever fails or runs at the same time.

const now = new Date("2027-05-04T21:59:30.000Z");

/** Where the event's clicks stand: stored, still queued, and as the counter and roll-ups count them. */
async function ledger(eventId: string) {
  const db = getDb();
  const one = async (query: Promise<{ n: number | string | null }[]>) => {
    const [row] = await query;
    assert(row);
    return Number(row.n ?? 0);
  };
  const rolled = (table: typeof beerClickHours | typeof beerClickDays) =>
    one(
      db
        .select({ n: sql<number>`coalesce(sum(${table.clicks}), 0)::int` })
        .from(table)
        .where(eq(table.eventId, eventId)),
    );
  return {
    stored: await one(db.select({ n: count() }).from(beerClicks).where(eq(beerClicks.eventId, eventId))),
    pending: await one(
      db.select({ n: count() }).from(beerClickPending).where(eq(beerClickPending.eventId, eventId)),
    ),
    counter: await one(db.select({ n: events.beerCounter }).from(events).where(eq(events.id, eventId))),
    hours: await rolled(beerClickHours),
    days: await rolled(beerClickDays),
  };
}

/** `n` accepted skålor on the event from new visitors, spread over the hour and day boundary at 22:00. */
async function skala(eventId: string, n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    const at = new Date(now.getTime() + (i % 3) * 20_000 + i);
    const result = await recordBeer(getDb(), { eventId, visitorId: `${tag}-${i}` }, at);
    expect(result.status).toBe("accepted");
  }
}

describe("the beer flusher", () => {
  it("counts every stored click once, in the counter, the hours and the days", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    await skala(event.id, 30, "once");
    expect(await ledger(event.id)).toEqual({ stored: 30, pending: 30, counter: 0, hours: 0, days: 0 });
    // The answers and the buttons' status already count the queued clicks.
    const [status] = await getBeerStatuses(db, { eventIds: [event.id], visitorId: "someone" }, now);
    expect(status?.count).toBe(30);
    await flushBeers(db);
    expect(await ledger(event.id)).toEqual({ stored: 30, pending: 0, counter: 30, hours: 30, days: 30 });
    // Flushing again adds nothing.
    await flushBeers(db);
    expect(await ledger(event.id)).toEqual({ stored: 30, pending: 0, counter: 30, hours: 30, days: 30 });
    const [after] = await getBeerStatuses(db, { eventIds: [event.id], visitorId: "someone" }, now);
    expect(after?.count).toBe(30);
  });

  it("a flush that dies before its commit leaves its batch queued, and the next counts it once", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    await skala(event.id, 12, "crash");
    // The flush statement runs, then the process "dies" before the commit: the transaction is rolled back.
    await expect(
      db.transaction(async (tx) => {
        await flushBeers(tx as unknown as Db);
        const [queued] = await queryRows<{ n: number }>(
          tx as unknown as Db,
          sql`select count(*)::int as n from beer_click_pending where event_id = ${event.id}`,
        );
        expect(Number(queued?.n)).toBe(0);
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect(await ledger(event.id)).toEqual({ stored: 12, pending: 12, counter: 0, hours: 0, days: 0 });
    // More clicks arrive meanwhile; a restarted flusher counts all of them, each once.
    await skala(event.id, 5, "crash-more");
    await flushBeers(db);
    expect(await ledger(event.id)).toEqual({ stored: 17, pending: 0, counter: 17, hours: 17, days: 17 });
  });

  it("several flushers at once, in small batches, while clicks arrive, count each click once", async () => {
    const db = getDb();
    const a = await insertEvent(db);
    const b = await insertEvent(db);
    const clicks = Promise.all([skala(a.id, 60, "par-a"), skala(b.id, 40, "par-b")]);
    const flushers = Array.from({ length: 4 }, async () => {
      for (let round = 0; round < 10; round++) await flushBeers(db, { batch: 7 });
    });
    await Promise.all([clicks, ...flushers]);
    await flushBeers(db);
    expect(await ledger(a.id)).toEqual({ stored: 60, pending: 0, counter: 60, hours: 60, days: 60 });
    expect(await ledger(b.id)).toEqual({ stored: 40, pending: 0, counter: 40, hours: 40, days: 40 });
  });

  it("a flusher holding the lock makes another skip its round instead of waiting", async () => {
    if (!process.env.TEST_DATABASE_URL) return; // PGlite runs one statement at a time: nothing to overlap.
    const db = getDb();
    const event = await insertEvent(db);
    await skala(event.id, 3, "lock");
    let pendingMeanwhile: number | undefined;
    await db.transaction(async (tx) => {
      await (tx as unknown as Db).execute(sql`select pg_advisory_xact_lock(46046001)`);
      // This round finds the lock taken and returns at once, flushing nothing.
      await flushBeers(db);
      pendingMeanwhile = (await ledger(event.id)).pending;
    });
    expect(pendingMeanwhile).toBe(3);
    expect((await ledger(event.id)).pending).toBe(3);
    await flushBeers(db);
    expect(await ledger(event.id)).toMatchObject({ pending: 0, counter: 3 });
  });

  it("the activity report adds up before, during and after the flush", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: `Rapport ${now.getTime()}` });
    await skala(event.id, 21, "report");
    const reportNow = new Date(now.getTime() + 2 * 60_000);
    const totals = async () => {
      const figures = [];
      for (const hours of [1, 6, 24, 168]) {
        const report = await getBeerActivity(db, hours, { now: reportNow, withDetails: false });
        const row = report.summary.find((r) => r.eventId === event.id);
        const charted = report.buckets.reduce((sum, b) => sum + b.count, 0);
        figures.push([hours, row?.count, charted >= (row?.count ?? 0)]);
      }
      return figures;
    };
    const expected = (n: number) => [1, 6, 24, 168].map((h) => [h, n, true]);
    expect(await totals()).toEqual(expected(21));
    await flushBeers(db, { batch: 10 });
    expect(await totals()).toEqual(expected(21));
    // Some clicks counted in the roll-ups, some still queued.
    await skala(event.id, 4, "report-more");
    expect(await totals()).toEqual(expected(25));
    await flushBeers(db);
    expect(await totals()).toEqual(expected(25));
  });

  it("stops cleanly: a clean shutdown flushes what is queued", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const flusher = startBeerFlusher(db, { intervalMs: 60_000 });
    await skala(event.id, 4, "stop");
    await flusher.stop();
    expect(await ledger(event.id)).toMatchObject({ pending: 0, counter: 4, hours: 4 });
  });

  it("vacuums its queue itself once enough clicks have left it, so counting pending clicks stays cheap", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const vacuumed = async () => {
      const [row] = await queryRows<{ n: number | string | null }>(
        db,
        sql`select vacuum_count as n from pg_stat_user_tables where relname = 'beer_click_pending'`,
      );
      return Number(row?.n ?? 0);
    };
    const before = await vacuumed();
    await skala(event.id, 12, "vacuum");
    const flusher = startBeerFlusher(db, { intervalMs: 5, vacuumAfter: 10 });
    try {
      await expect.poll(vacuumed, { timeout: 10_000, interval: 20 }).toBeGreaterThan(before);
      expect(await ledger(event.id)).toMatchObject({ pending: 0, counter: 12, hours: 12 });
    } finally {
      await flusher.stop();
    }
  });
});
