import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { confirmVisit } from "~/features/confirmations/public.server";
import { findEventViewById, toView } from "~/features/events/events.server";
import type { CityName } from "~/lib/cities";
import { getDb } from "~/lib/db.server";
import { getEnv, setEnv } from "~/lib/env.server";
import { loader as eventLoader } from "~/routes/api/admin/event";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { findEventView } from "../support/event-views";
import { insertEvent } from "../support/factories";

/** One way to build an event's view: what the admin API answers is what the event's page shows. */
const env = getEnv();
let adminCookie: string;
beforeAll(async () => {
  setEnv({ ...env, TEST_CLOCK: true });
  adminCookie = await sessionCookie({ admin: true });
});
afterAll(() => setEnv(env));

const NOW = "2026-12-01T12:00:00Z";

async function adminRead(id: string) {
  const request = new Request(`http://localhost/api/admin/events/${id}`, {
    headers: { cookie: `${adminCookie}; quizkvall_now=${encodeURIComponent(NOW)}` },
  });
  return callRoute(eventLoader, request, { id });
}

describe("event views", () => {
  it("answers an event to the admin as its page shows it, rank included", async () => {
    const db = getDb();
    const created = [];
    // Far above any other test's counters, so these four hold the ranks.
    for (const beerCounter of [900_001, 900_003, 900_000, 900_002])
      created.push(await insertEvent(db, { beerCounter }));
    for (const row of created) {
      const page = await findEventView(db, row.city as CityName, row.slug, new Date(NOW));
      assert(page);
      const answer = await adminRead(row.id);
      expect(answer.status).toBe(200);
      expect((await answer.json()).event).toEqual(JSON.parse(JSON.stringify(page)));
      expect(await toView(db, row, new Date(NOW))).toEqual(page);
    }
    const ranks = await Promise.all(created.map((r) => findEventViewById(db, r.id, new Date(NOW))));
    expect(ranks.map((v) => v?.topRank ?? null)).toEqual([3, 1, null, 2]);
  });

  it("finds nothing as null", async () => {
    expect(await findEventViewById(getDb(), crypto.randomUUID())).toBeNull();
  });
});

describe("a visitor's confirmation", () => {
  // A Tuesday quiz at 19:00 in Stockholm; Tuesday 1 December 2026 is one of its nights.
  const tuesdayQuiz = () =>
    insertEvent(getDb(), {
      weekday: "Tisdag",
      time: "19:00",
      recurrenceAnchor: "2026-11-03",
      createdAt: new Date("2026-11-01T10:00:00Z"),
    });
  const visit = (eventId: string, at: string) =>
    confirmVisit(getDb(), { eventId, visitorId: crypto.randomUUID(), clientIp: "10.9.0.1" }, new Date(at));

  it("is for a night that has started, until the end of the next day", async () => {
    const event = await tuesdayQuiz();
    expect(await visit(event.id, "2026-12-01T17:59:00Z")).toEqual({ status: "outside-window" });
    expect(await visit(event.id, "2026-12-01T18:30:00Z")).toMatchObject({ status: "accepted" });
    expect(await visit(event.id, "2026-12-02T22:59:00Z")).toMatchObject({ status: "accepted" });
    expect(await visit(event.id, "2026-12-02T23:00:00Z")).toEqual({ status: "outside-window" });
  });

  it("knows no unknown event", async () => {
    expect(await visit(crypto.randomUUID(), "2026-12-01T18:30:00Z")).toEqual({ status: "unknown-event" });
  });
});
