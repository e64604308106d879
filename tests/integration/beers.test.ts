import { and, count, eq, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { beerClickDays, beerClickHours, eventBeerInteractions, rateLimits } from "~/db/schema";
import { BEER_ADDRESS_LIMIT, BEER_ADDRESS_LIMIT_MESSAGE } from "~/features/beers/beer-rules";
import { getBeerStatuses } from "~/features/beers/beers.server";
import { getDb } from "~/lib/db.server";
import { action as beerAction } from "~/routes/api/beers";
import { loader as statusLoader } from "~/routes/api/beers-status";
import { clicksOf, counterOf, flushBeers, recordBeer } from "../support/beers";
import { insertEvent } from "../support/factories";

const MINUTE = 60_000;
const t0 = new Date("2026-11-20T18:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

/** The event's clicks as the activity report's hourly and daily roll-ups count them. */
async function rolledUpOf(eventId: string) {
  await flushBeers(getDb());
  const total = async (table: typeof beerClickHours | typeof beerClickDays) => {
    const [row] = await getDb()
      .select({ n: sql<number>`coalesce(sum(${table.clicks}), 0)::int` })
      .from(table)
      .where(eq(table.eventId, eventId));
    assert(row);
    return Number(row.n);
  };
  return { hours: await total(beerClickHours), days: await total(beerClickDays) };
}

let ipCounter = 0;
function beerRequest(eventId: string, body: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/api/events/${eventId}/beer`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-quizkvall-client-ip": `10.0.0.${++ipCounter}`,
      ...headers,
    },
    body,
  });
  return beerAction({ request, params: { eventId }, context: {} } as Parameters<typeof beerAction>[0]);
}

describe("recordBeer", () => {
  it("counts 200 parallel skålor from 200 visitors exactly", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => recordBeer(db, { eventId: event.id, visitorId: `v${i}` }, t0)),
    );
    expect(results.every((r) => r.status === "accepted")).toBe(true);
    expect(await counterOf(event.id)).toBe(200);
    expect(await clicksOf(event.id)).toBe(200);
    expect(await rolledUpOf(event.id)).toEqual({ hours: 200, days: 200 });
    // Each answer is the count as of its own statement, its click included: on PGlite, which runs one
    // statement at a time, exactly 1…200; on PostgreSQL concurrent clicks may not yet see one another.
    const counts = results.map((r) => (r.status === "accepted" ? r.count : 0)).sort((a, b) => a - b);
    expect(counts.every((c) => c >= 1 && c <= 200)).toBe(true);
    if (!process.env.TEST_DATABASE_URL) expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it("counts 50 parallel skålor from one visitor once", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => recordBeer(db, { eventId: event.id, visitorId: "same-visitor" }, t0)),
    );
    expect(results.filter((r) => r.status === "accepted")).toHaveLength(1);
    expect(results.filter((r) => r.status === "cooldown")).toHaveLength(49);
    expect(await counterOf(event.id)).toBe(1);
    expect(await clicksOf(event.id)).toBe(1);
    expect(await rolledUpOf(event.id)).toEqual({ hours: 1, days: 1 });
  });

  it("refuses within the hour with the minutes left, and accepts after it", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const visitor = { eventId: event.id, visitorId: "clock-visitor" };
    expect(await recordBeer(db, visitor, t0)).toEqual({ status: "accepted", count: 1 });
    expect(await recordBeer(db, visitor, at(59))).toEqual({ status: "cooldown", remainingMinutes: 1 });
    expect(await recordBeer(db, visitor, at(30.5))).toEqual({ status: "cooldown", remainingMinutes: 30 });
    expect(await counterOf(event.id)).toBe(1);
    expect(await recordBeer(db, visitor, at(61))).toEqual({ status: "accepted", count: 2 });
    expect(await recordBeer(db, visitor, at(62))).toEqual({ status: "cooldown", remainingMinutes: 59 });
    const [interaction] = await db
      .select()
      .from(eventBeerInteractions)
      .where(
        and(
          eq(eventBeerInteractions.eventId, event.id),
          eq(eventBeerInteractions.userIdentifier, "clock-visitor"),
        ),
      );
    assert(interaction);
    expect(interaction.lastBeerTime.toISOString()).toBe(at(61).toISOString());
    expect(await clicksOf(event.id)).toBe(2);
  });

  it("keeps cooldowns per event and per visitor", async () => {
    const db = getDb();
    const a = await insertEvent(db);
    const b = await insertEvent(db);
    expect((await recordBeer(db, { eventId: a.id, visitorId: "x" }, t0)).status).toBe("accepted");
    expect((await recordBeer(db, { eventId: b.id, visitorId: "x" }, t0)).status).toBe("accepted");
    expect((await recordBeer(db, { eventId: a.id, visitorId: "y" }, t0)).status).toBe("accepted");
    expect(await counterOf(a.id)).toBe(2);
  });

  it("reports an unknown event and writes nothing", async () => {
    const db = getDb();
    const before = await db.select({ n: count() }).from(eventBeerInteractions);
    const result = await recordBeer(
      db,
      { eventId: "00000000-0000-4000-8000-000000000000", visitorId: "x" },
      t0,
    );
    expect(result).toEqual({ status: "unknown-event" });
    expect(await db.select({ n: count() }).from(eventBeerInteractions)).toEqual(before);
  });

  it("gives each event's status for a visitor", async () => {
    const db = getDb();
    const a = await insertEvent(db);
    const b = await insertEvent(db);
    await recordBeer(db, { eventId: a.id, visitorId: "status-visitor" }, t0);
    // With each event's count now, which a cached page may not show yet; an unknown event has none.
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      await getBeerStatuses(db, { eventIds: [a.id, b.id, unknown], visitorId: "status-visitor" }, at(20)),
    ).toEqual([
      { eventId: a.id, lastBeerTime: t0.toISOString(), remainingMinutes: 40, count: 1 },
      { eventId: b.id, lastBeerTime: null, remainingMinutes: 0, count: 0 },
      { eventId: unknown, lastBeerTime: null, remainingMinutes: 0, count: null },
    ]);
  });
});

describe("per-address hourly cap", () => {
  it("accepts at most the cap of skålor per address and event an hour, whatever the visitor ids", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const other = await insertEvent(db);
    const ip = "10.77.0.1";
    // One new visitor id a minute (under the per-minute limit), as a script rotating ids would.
    for (let i = 0; i < BEER_ADDRESS_LIMIT.limit; i++) {
      const r = await recordBeer(db, { eventId: event.id, visitorId: `rot${i}`, clientIp: ip }, at(i / 2));
      expect(r.status).toBe("accepted");
    }
    const refused = await recordBeer(db, { eventId: event.id, visitorId: "rot-x", clientIp: ip }, at(40));
    expect(refused).toEqual({ status: "address-limit", retryAfterSeconds: 20 * 60 });
    // Other events and other addresses are untouched; the visitor refused spent nothing of its cooldown.
    expect(
      (await recordBeer(db, { eventId: other.id, visitorId: "rot-x", clientIp: ip }, at(40))).status,
    ).toBe("accepted");
    expect(
      (await recordBeer(db, { eventId: event.id, visitorId: "rot-y", clientIp: "10.77.0.2" }, at(40))).status,
    ).toBe("accepted");
    expect(await counterOf(event.id)).toBe(BEER_ADDRESS_LIMIT.limit + 1);
    // A new hour gives a new allowance.
    expect(
      (await recordBeer(db, { eventId: event.id, visitorId: "rot-x", clientIp: ip }, at(61))).status,
    ).toBe("accepted");
  });

  it("a visitor in cooldown does not spend the address's allowance", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const ip = "10.77.1.1";
    await recordBeer(db, { eventId: event.id, visitorId: "same", clientIp: ip }, t0);
    for (let i = 0; i < 100; i++) {
      expect((await recordBeer(db, { eventId: event.id, visitorId: "same", clientIp: ip }, t0)).status).toBe(
        "cooldown",
      );
    }
    expect((await recordBeer(db, { eventId: event.id, visitorId: "new", clientIp: ip }, t0)).status).toBe(
      "accepted",
    );
  });

  it("holds the cap under 150 parallel skålor with rotating ids from one address", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        recordBeer(db, { eventId: event.id, visitorId: `par${i}`, clientIp: "10.77.2.1" }, t0),
      ),
    );
    expect(results.filter((r) => r.status === "accepted")).toHaveLength(BEER_ADDRESS_LIMIT.limit);
    expect(results.filter((r) => r.status === "address-limit")).toHaveLength(150 - BEER_ADDRESS_LIMIT.limit);
    expect(await counterOf(event.id)).toBe(BEER_ADDRESS_LIMIT.limit);
    expect(await clicksOf(event.id)).toBe(BEER_ADDRESS_LIMIT.limit);
  });
});

describe("POST /api/events/:eventId/beer", () => {
  it("treats an upper-case copy of a visitor id as the same visitor", async () => {
    const event = await insertEvent(getDb());
    const first = await beerRequest(event.id, JSON.stringify({ visitorId: "abc123xyz" }));
    expect((await first.json()).status).toBe("accepted");
    const copy = await beerRequest(event.id, JSON.stringify({ visitorId: "ABC123XYZ" }));
    expect((await copy.json()).status).toBe("cooldown");
    expect(await counterOf(event.id)).toBe(1);
  });

  it("answers the address's hourly cap with a 429, the Swedish message and Retry-After", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const ip = { "x-quizkvall-client-ip": "10.78.0.1" };
    for (let i = 0; i < BEER_ADDRESS_LIMIT.limit; i++)
      await recordBeer(db, { eventId: event.id, visitorId: `pre${i}`, clientIp: "10.78.0.1" });
    const response = await beerRequest(event.id, JSON.stringify({ visitorId: "one-more" }), ip);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await response.json()).error).toBe(BEER_ADDRESS_LIMIT_MESSAGE);
  });

  it("accepts a skåla, then refuses the next with the cooldown message", async () => {
    const event = await insertEvent(getDb());
    const first = await beerRequest(event.id, JSON.stringify({ visitorId: "api-visitor" }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "accepted", count: 1 });
    const second = await beerRequest(event.id, JSON.stringify({ visitorId: "api-visitor" }));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({
      status: "cooldown",
      remainingMinutes: 60,
      message: "Du får vänta 60 minuter innan du kan skåla här igen! 🍻",
    });
    expect(await counterOf(event.id)).toBe(1);
  });

  it("answers bad input with a 4xx and a Swedish message, and writes nothing", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const cases: [string, string, number, Record<string, string>?][] = [
      [event.id, "{not json", 400],
      [event.id, "", 400],
      [event.id, "[]", 400],
      [event.id, "{}", 400],
      [event.id, JSON.stringify({ visitorId: 42 }), 400],
      [event.id, JSON.stringify({ visitorId: "" }), 400],
      [event.id, JSON.stringify({ visitorId: "x".repeat(10_000) }), 413],
      [event.id, JSON.stringify({ visitorId: "x".repeat(500) }), 400],
      [event.id, JSON.stringify({ visitorId: "inte giltig!" }), 400],
      [event.id, JSON.stringify({ visitorId: "ok" }), 415, { "content-type": "text/plain" }],
      ["not-a-uuid", JSON.stringify({ visitorId: "ok" }), 404],
      ["00000000-0000-4000-8000-000000000000", JSON.stringify({ visitorId: "ok" }), 404],
    ];
    for (const [eventId, body, status, headers] of cases) {
      const response = await beerRequest(eventId, body, headers);
      expect(response.status, `${eventId} ${body.slice(0, 40)}`).toBe(status);
      const json = (await response.json()) as { error: string };
      expect(json.error).toMatch(/[a-zåäö]/i);
      expect(json.error).not.toMatch(/invalid|expected|received/i);
    }
    expect(await counterOf(event.id)).toBe(0);
    expect(
      await db
        .select({ n: count() })
        .from(eventBeerInteractions)
        .where(eq(eventBeerInteractions.eventId, event.id)),
    ).toEqual([{ n: 0 }]);
  });

  it("rate-limits one address without touching others", async () => {
    const event = await insertEvent(getDb());
    const ip = { "x-quizkvall-client-ip": "10.9.9.9" };
    const responses = await Promise.all(
      Array.from({ length: 61 }, (_, i) =>
        beerRequest(event.id, JSON.stringify({ visitorId: `rl${i}` }), ip),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await refused.json()).error).toBe("För många förfrågningar. Försök igen om en stund.");
    expect((await beerRequest(event.id, JSON.stringify({ visitorId: "other-ip" }))).status).toBe(200);
    expect(await counterOf(event.id)).toBe(61);
  });
});

describe("GET /api/beer-status", () => {
  function statusRequest(query: string) {
    const request = new Request(`http://localhost/api/beer-status?${query}`, {
      headers: { "x-quizkvall-client-ip": `10.1.0.${++ipCounter}` },
    });
    return statusLoader({ request, params: {}, context: {} } as Parameters<typeof statusLoader>[0]);
  }

  it("lists the visitor's cooldowns", async () => {
    const db = getDb();
    const a = await insertEvent(db);
    const b = await insertEvent(db);
    await recordBeer(db, { eventId: a.id, visitorId: "sv" });
    const response = await statusRequest(`visitor=sv&events=${a.id},${b.id}`);
    expect(response.status).toBe(200);
    const { statuses } = (await response.json()) as {
      statuses: { eventId: string; remainingMinutes: number }[];
    };
    expect(statuses.map((s) => [s.eventId, s.remainingMinutes])).toEqual([
      [a.id, 60],
      [b.id, 0],
    ]);
  });

  it("gives a browser without an identifier the counts, every cooldown 0", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    await recordBeer(db, { eventId: event.id, visitorId: "someone-else" });
    const response = await statusRequest(`events=${event.id}`);
    expect(response.status).toBe(200);
    const { statuses } = (await response.json()) as {
      statuses: { eventId: string; remainingMinutes: number; count: number | null }[];
    };
    expect(statuses).toEqual([expect.objectContaining({ eventId: event.id, remainingMinutes: 0, count: 1 })]);
  });

  it("writes nothing to the database (no per-address counter on a read)", async () => {
    const event = await insertEvent(getDb());
    const [before] = await getDb().select({ n: count() }).from(rateLimits);
    assert(before);
    for (let i = 0; i < 5; i++)
      expect((await statusRequest(`visitor=sv&events=${event.id}`)).status).toBe(200);
    const [after] = await getDb().select({ n: count() }).from(rateLimits);
    assert(after);
    expect(after.n).toBe(before.n);
  });

  it("refuses bad queries with a 400", async () => {
    for (const query of [
      "",
      "visitor=sv",
      "events=x",
      "visitor=sv&events=nope",
      `visitor=${"x".repeat(10_000)}&events=00000000-0000-4000-8000-000000000000`,
    ]) {
      const response = await statusRequest(query);
      expect(response.status, query.slice(0, 30)).toBe(400);
      expect(((await response.json()) as { error: string }).error).not.toMatch(/invalid|expected/i);
    }
  });
});
