import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventBeerInteractions, rateLimits } from "~/db/schema";
import { recordBeerWithOthers } from "~/features/beers/beer-batcher.server";
import { recordBeers } from "~/features/beers/beers.server";
import { getDb, queryRows } from "~/lib/db.server";
import { arrayLiteral } from "~/lib/write-batcher.server";
import { clicksOf, counterOf } from "../support/beers";
import { insertEvent } from "../support/factories";
import { openTestDatabase } from "../support/test-db";

const t0 = new Date("2026-11-20T18:00:00Z");
const budget = { limit: 2, windowMs: 60_000 };

describe("the statements' array parameters", () => {
  it("reach the database exactly as written, whatever the characters", async () => {
    const values = ['say "hej"', "back\\slash", "a,b{c}", "NULL", "åäö 🍺", null];
    const rows = await queryRows<{ v: string | null }>(
      getDb(),
      sql`select unnest(${arrayLiteral(values)}::text[]) as v`,
    );
    expect(rows.map((r) => r.v)).toEqual(values);
  });
});

describe("skålor written together", () => {
  it("decides each skåla of one call as if alone, and answers each event's counts exactly", async () => {
    const db = getDb();
    const a = await insertEvent(db);
    const b = await insertEvent(db);
    const inputs = Array.from({ length: 20 }, (_, i) => ({
      eventId: i % 2 === 0 ? a.id : b.id,
      visitorId: `together-${i}`,
      clientIp: `10.20.0.${i}`,
      requestLimit: budget,
    }));
    const results = await recordBeers(db, inputs, t0);
    const countsOf = (eventId: string) =>
      results
        .filter((_, i) => inputs[i]?.eventId === eventId)
        .map((r) => (r.status === "accepted" ? r.count : 0))
        .sort((x, y) => x - y);
    expect(countsOf(a.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(countsOf(b.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await counterOf(a.id)).toBe(10);
    expect(await clicksOf(b.id)).toBe(10);
  });

  it("takes a visitor's second skåla and an address's requests in order, as if they came one after the other", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const other = await insertEvent(db);
    const results = await recordBeers(
      db,
      [
        { eventId: event.id, visitorId: "twice", clientIp: "10.21.0.1", requestLimit: budget },
        { eventId: event.id, visitorId: "twice", clientIp: "10.21.0.2", requestLimit: budget },
        // One address, three requests, a budget of two: the third is refused and writes nothing.
        { eventId: event.id, visitorId: "p1", clientIp: "10.21.0.9", requestLimit: budget },
        { eventId: other.id, visitorId: "p2", clientIp: "10.21.0.9", requestLimit: budget },
        { eventId: other.id, visitorId: "p3", clientIp: "10.21.0.9", requestLimit: budget },
      ],
      t0,
    );
    expect(results[0]).toEqual({ status: "accepted", count: 1 });
    expect(results[1]).toEqual({ status: "cooldown", remainingMinutes: 60 });
    expect(results[2]).toEqual({ status: "accepted", count: 2 });
    expect(results[3]).toEqual({ status: "accepted", count: 1 });
    expect(results[4]).toMatchObject({ status: "rate-limited" });
    expect(await clicksOf(event.id)).toBe(2);
    expect(await clicksOf(other.id)).toBe(1);
    const [spent] = await db.select().from(rateLimits).where(eq(rateLimits.key, "beer:10.21.0.9"));
    expect(spent?.count).toBe(3);
  });

  it("answers an unknown event in a call without touching the others", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const unknown = "00000000-0000-4000-8000-0000000000aa";
    const results = await recordBeers(
      db,
      [
        { eventId: unknown, visitorId: "lost", clientIp: "10.22.0.1" },
        { eventId: event.id, visitorId: "found", clientIp: "10.22.0.2" },
      ],
      t0,
    );
    expect(results).toEqual([{ status: "unknown-event" }, { status: "accepted", count: 1 }]);
    const [row] = await db
      .select({ n: count() })
      .from(eventBeerInteractions)
      .where(eq(eventBeerInteractions.userIdentifier, "lost"));
    expect(row?.n).toBe(0);
  });

  it("writes a crowd's skålor arriving together, every one counted once", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        recordBeerWithOthers(db, {
          eventId: event.id,
          visitorId: `crowd-${i}`,
          clientIp: `10.23.${i >> 8}.${i & 255}`,
        }),
      ),
    );
    expect(results.every((r) => r.status === "accepted")).toBe(true);
    expect(await counterOf(event.id)).toBe(120);
  });

  it("fails every skåla of a statement the database refused, and acknowledges none", async () => {
    const handle = await openTestDatabase();
    await handle.close();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        recordBeerWithOthers(handle.db, {
          eventId: "00000000-0000-4000-8000-0000000000bb",
          visitorId: `closed-${i}`,
        }),
      ),
    );
    expect(outcomes.every((o) => o.status === "rejected")).toBe(true);
  });
});
