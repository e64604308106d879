import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { events } from "~/db/schema";
import { incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { flushBeerClicks } from "~/features/beers/beer-flush.server";
import { recordBeer } from "~/features/beers/beers.server";
import { deleteEvent } from "~/features/event-editor/event-mutations.server";
import { SYSTEM_ACTOR } from "~/features/event-history/event-actor";
import { removeException, saveException } from "~/features/event-nights/event-exceptions.server";
import {
  COUNTERS_MAX_AGE_MS,
  createEventListCache,
  readEventListVersion,
} from "~/features/events/event-list-cache.server";
import { listEventBases } from "~/features/events/events.server";
import { getDb } from "~/lib/db.server";
import { insertEvent } from "../support/factories";

const TUESDAY_18 = new Date("2026-12-01T17:00:00.000Z");

describe("event list cache", () => {
  it("reads the rows once while nothing changes, and again after every kind of write but a counter's", async () => {
    const db = getDb();
    const reads = vi.fn(listEventBases);
    let clock = 0;
    const cache = createEventListCache(reads, { clock: () => clock });
    const event = await insertEvent(db, { title: "Cachequiz", city: "Malmö", weekday: "Tisdag" });

    const first = await cache.listingAt(db, TUESDAY_18);
    const second = await cache.listingAt(db, new Date(TUESDAY_18.getTime() + 30_000));
    expect(second).toBe(first);
    expect(reads).toHaveBeenCalledTimes(1);
    const find = async () => (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === event.id);
    expect(await find()).toMatchObject({ title: "Cachequiz", beerCounter: 0 });

    // A skåla changes only the counter (and may change the ranks): the rows are not read again, and the
    // count shows once the counters are older than their maximum age.
    const version = await readEventListVersion(db);
    await recordBeer(db, { eventId: event.id, visitorId: "v-1" }, TUESDAY_18);
    await flushBeerClicks(db);
    expect(await readEventListVersion(db)).toBe(version);
    expect(await find()).toMatchObject({ beerCounter: 0, topRank: null });
    clock += COUNTERS_MAX_AGE_MS;
    expect(await find()).toMatchObject({ beerCounter: 1, topRank: 1 });
    expect(reads).toHaveBeenCalledTimes(1);

    // A skåla in its cooldown changes nothing at all.
    await recordBeer(db, { eventId: event.id, visitorId: "v-1" }, TUESDAY_18);
    clock += COUNTERS_MAX_AGE_MS;
    const unchanged = await cache.listingAt(db, TUESDAY_18);
    expect(await cache.listingAt(db, TUESDAY_18)).toBe(unchanged);
    expect(reads).toHaveBeenCalledTimes(1);

    await db.update(events).set({ title: "Nytt namn" }).where(eq(events.id, event.id));
    expect(await find()).toMatchObject({ title: "Nytt namn" });
    expect(reads).toHaveBeenCalledTimes(2);

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
    const reloads = reads.mock.calls.length;
    await incrementEventBeers(db);
    clock += COUNTERS_MAX_AGE_MS;
    const after = (await find())?.beerCounter ?? 0;
    expect(reads).toHaveBeenCalledTimes(reloads);
    expect(after).toBe((await db.select().from(events).where(eq(events.id, event.id)))[0]?.beerCounter);
    expect(after).toBeGreaterThanOrEqual(before);

    const other = await insertEvent(db, { title: "Ett till", city: "Göteborg" });
    expect((await cache.listingAt(db, TUESDAY_18)).views.map((e) => e.id)).toContain(other.id);
    await deleteEvent(db, other.id);
    expect((await cache.listingAt(db, TUESDAY_18)).views.map((e) => e.id)).not.toContain(other.id);
  });

  it("sees a write made through another instance's cache over the same database", async () => {
    const db = getDb();
    const instanceA = createEventListCache();
    const instanceB = createEventListCache();
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
    let clock = 0;
    const reads = vi.fn(listEventBases);
    const cache = createEventListCache(reads, { clock: () => clock });
    const low = await insertEvent(db, { title: "Lite skålat", city: "Malmö", beerCounter: 1000 });
    const high = await insertEvent(db, { title: "Mycket skålat", city: "Malmö", beerCounter: 1001 });
    const view = async (id: string) => (await cache.listingAt(db, TUESDAY_18)).views.find((e) => e.id === id);
    const rankOf = async (id: string) => (await view(id))?.topRank;
    expect([await rankOf(high.id), await rankOf(low.id)]).toEqual([1, 2]);
    // Two skålor on the lower one put it ahead: the count and the ranks move together.
    for (const visitorId of ["v-x", "v-y"]) await recordBeer(db, { eventId: low.id, visitorId }, TUESDAY_18);
    await flushBeerClicks(db);
    clock += COUNTERS_MAX_AGE_MS - 1;
    expect((await view(low.id))?.beerCounter).toBe(1000);
    clock += 1;
    expect((await view(low.id))?.beerCounter).toBe(1002);
    expect([await rankOf(low.id), await rankOf(high.id)]).toEqual([1, 2]);
    expect(reads).toHaveBeenCalledTimes(1);
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
    const cache = createEventListCache();
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
