import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { events } from "~/db/schema";
import { incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { deleteEvent } from "~/features/event-editor/event-mutations.server";
import { removeException, saveException } from "~/features/event-nights/event-exceptions.server";
import { readEventListVersion } from "~/features/events/event-list-cache.server";
import { getDb } from "~/lib/db.server";
import { flushBeers, recordBeer } from "../support/beers";
import { insertEvent, SYSTEM_ACTOR } from "../support/factories";

/** How old the cached counters may get before they are read again (event-list-cache.server.ts). */
const COUNTERS_MAX_AGE_MS = 5_000;

const TUESDAY_18 = new Date("2026-12-01T17:00:00.000Z");

/**
 * The event-list cache of a process of its own (the module loaded afresh), over the same database. Its clock
 * is `performance.now()`, which the tests move by hand.
 */
async function freshCache() {
  vi.resetModules();
  return (await import("~/features/events/event-list-cache.server")).eventListCache;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the caches' clock on. */
const tick = (ms: number) => vi.advanceTimersByTime(ms);

describe("event list cache", () => {
  it("reads the rows once while nothing changes, and again after every kind of write but a counter's", async () => {
    const db = getDb();
    const cache = await freshCache();
    const event = await insertEvent(db, { title: "Cachequiz", city: "Malmö", weekday: "Tisdag" });
    const bystander = await insertEvent(db, { title: "Åskådare", city: "Göteborg" });

    const first = await cache.listingAt(db, TUESDAY_18);
    const second = await cache.listingAt(db, new Date(TUESDAY_18.getTime() + 30_000));
    expect(second).toBe(first);
    const find = async () => (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === event.id);
    expect(await find()).toMatchObject({ title: "Cachequiz", beerCounter: 0 });
    // Rows read again are shaped again: an event nothing touched keeps its view object only while they are not.
    const bystanderView = async () =>
      (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === bystander.id);
    const unread = await bystanderView();
    expect(unread).toBeDefined();

    // A skåla changes only the counter (and may change the ranks): the rows are not read again, and the
    // count shows once the counters are older than their maximum age.
    const version = await readEventListVersion(db);
    await recordBeer(db, { eventId: event.id, visitorId: "v-1" }, TUESDAY_18);
    await flushBeers(db);
    expect(await readEventListVersion(db)).toBe(version);
    expect(await find()).toMatchObject({ beerCounter: 0, topRank: null });
    tick(COUNTERS_MAX_AGE_MS);
    expect(await find()).toMatchObject({ beerCounter: 1, topRank: 1 });
    expect(await bystanderView()).toBe(unread);

    // A skåla in its cooldown changes nothing at all.
    await recordBeer(db, { eventId: event.id, visitorId: "v-1" }, TUESDAY_18);
    tick(COUNTERS_MAX_AGE_MS);
    const unchanged = await cache.listingAt(db, TUESDAY_18);
    expect(await cache.listingAt(db, TUESDAY_18)).toBe(unchanged);
    expect(await bystanderView()).toBe(unread);

    await db.update(events).set({ title: "Nytt namn" }).where(eq(events.id, event.id));
    expect(await find()).toMatchObject({ title: "Nytt namn" });
    expect(await bystanderView()).not.toBe(unread);

    const cancelled = await saveException(
      db,
      event.id,
      {
        kind: "cancelled",
        date: "2026-12-08",
        note: null,
      },
      SYSTEM_ACTOR,
    );
    expect(cancelled).toEqual({ ok: true });
    expect((await find())?.exceptions).toEqual([
      { date: "2026-12-08", kind: "cancelled", time: null, note: null },
    ]);
    await removeException(db, event.id, "2026-12-08", "cancelled", SYSTEM_ACTOR);
    expect((await find())?.exceptions).toEqual([]);

    // The beer job adds to counters only: the version stays, the counts follow within their maximum age.
    const before = (await find())?.beerCounter ?? 0;
    const versionBefore = await readEventListVersion(db);
    await incrementEventBeers(db);
    tick(COUNTERS_MAX_AGE_MS);
    const after = (await find())?.beerCounter ?? 0;
    // The job adds to every event's counter (the bystander's too), and the rows stay as they were read.
    expect(await readEventListVersion(db)).toBe(versionBefore);
    expect(after).toBe((await db.select().from(events).where(eq(events.id, event.id)))[0]?.beerCounter);
    expect(after).toBeGreaterThanOrEqual(before);

    const other = await insertEvent(db, { title: "Ett till", city: "Göteborg" });
    expect((await cache.listingAt(db, TUESDAY_18)).views.map((e) => e.id)).toContain(other.id);
    await deleteEvent(db, other.id);
    expect((await cache.listingAt(db, TUESDAY_18)).views.map((e) => e.id)).not.toContain(other.id);
  });

  it("sees a write made through another instance's cache over the same database", async () => {
    const db = getDb();
    const instanceA = await freshCache();
    const instanceB = await freshCache();
    const event = await insertEvent(db, { title: "Delad", city: "Stockholm" });
    const countOn = async (cache: typeof instanceA) =>
      (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === event.id)?.beerCounter;
    expect(await countOn(instanceA)).toBe(0);
    expect(await countOn(instanceB)).toBe(0);

    const version = await readEventListVersion(db);
    // "Instance B" edits the event: the version moves in the same transaction.
    await db.update(events).set({ title: "Delad och ändrad" }).where(eq(events.id, event.id));
    expect(await readEventListVersion(db)).toBeGreaterThan(version);
    const titleOn = async (cache: typeof instanceA) =>
      (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === event.id)?.title;
    expect(await titleOn(instanceB)).toBe("Delad och ändrad");
    // Instance A never heard of it, and still shows it on its next request.
    expect(await titleOn(instanceA)).toBe("Delad och ändrad");
  });

  it("shows a skåla taken anywhere within the counters' maximum age, without reading the rows again", async () => {
    const db = getDb();
    const cache = await freshCache();
    const low = await insertEvent(db, { title: "Lite skålat", city: "Malmö", beerCounter: 1000 });
    const high = await insertEvent(db, { title: "Mycket skålat", city: "Malmö", beerCounter: 1001 });
    const bystander = await insertEvent(db, { title: "Oskålat", city: "Göteborg" });
    const view = async (id: string) => (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === id);
    const rankOf = async (id: string) => (await view(id))?.topRank;
    expect([await rankOf(high.id), await rankOf(low.id)]).toEqual([1, 2]);
    const unread = await view(bystander.id);
    // Two skålor on the lower one put it ahead: the count and the ranks move together.
    for (const visitorId of ["v-x", "v-y"]) await recordBeer(db, { eventId: low.id, visitorId }, TUESDAY_18);
    await flushBeers(db);
    tick(COUNTERS_MAX_AGE_MS - 1);
    expect((await view(low.id))?.beerCounter).toBe(1000);
    tick(1);
    expect((await view(low.id))?.beerCounter).toBe(1002);
    expect([await rankOf(low.id), await rankOf(high.id)]).toEqual([1, 2]);
    // The counters were read again, the rows not.
    expect(await view(bystander.id)).toBe(unread);
  });

  it("a write rolled back leaves the version as it was", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Tillbaka", city: "Göteborg" });
    const version = await readEventListVersion(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(events).set({ title: "Aldrig" }).where(eq(events.id, event.id));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await readEventListVersion(db)).toBe(version);
  });

  it("derives the time-dependent labels per minute from the same data", async () => {
    const db = getDb();
    const cache = await freshCache();
    const event = await insertEvent(db, { title: "Tisdagsquiz", city: "Göteborg", weekday: "Tisdag" });
    const at = async (instant: Date) =>
      (await cache.listingAt(db, instant)).views.find((e) => e.id === event.id);
    const tuesday18 = await at(TUESDAY_18);
    expect(tuesday18?.soon?.tone).toBe("tonight");
    const running = await at(new Date("2026-12-01T18:30:00.000Z"));
    expect(running?.soon?.tone).toBe("running");
    // Within one minute the same listing object is served.
    const a = await cache.listingAt(db, new Date("2026-12-01T18:30:10.000Z"));
    const b = await cache.listingAt(db, new Date("2026-12-01T18:30:50.000Z"));
    expect(a).toBe(b);
  });
});
