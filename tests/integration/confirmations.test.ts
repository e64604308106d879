import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eventExceptions, events, reports } from "~/db/schema";
import { CONFIRM_ADDRESS_LIMIT, CONFIRM_ADDRESS_LIMIT_MESSAGE } from "~/features/confirmations/confirmations";
import { listStaleEvents } from "~/features/confirmations/confirmations.server";
import { getDb } from "~/lib/db.server";
import { getEnv, setEnv } from "~/lib/env.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/confirmations";
import { action as eventAction } from "~/routes/api/admin/event";
import { action as confirmAction } from "~/routes/api/event-confirm";
import { sessionCookie } from "../support/admin-session";
import { insertEvent } from "../support/factories";

/** "Jag var där – det stämmer" through the endpoint at chosen server times, and the admins' "Bekräfta". */
const env = getEnv();
let adminCookie: string;
beforeAll(async () => {
  setEnv({ ...env, TEST_CLOCK: true });
  adminCookie = await sessionCookie({ admin: true });
});
afterAll(() => setEnv(env));

type AnyArgs = { request: Request; params: Record<string, string>; context: object };
let ipCounter = 0;
async function confirm(eventId: string, visitorId: string, now: string, ip = `10.5.0.${++ipCounter}`) {
  const request = new Request(`http://localhost/api/events/${eventId}/confirm`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-quizkvall-client-ip": ip,
      cookie: `quizkvall_now=${encodeURIComponent(now)}`,
    },
    body: JSON.stringify({ visitorId }),
  });
  const fn = confirmAction as unknown as (args: AnyArgs) => Promise<Response>;
  return fn({ request, params: { eventId }, context: {} });
}

async function lastConfirmedOf(id: string) {
  const [row] = await getDb().select({ at: events.lastConfirmedAt }).from(events).where(eq(events.id, id));
  assert(row);
  return row.at?.toISOString() ?? null;
}

// A Tuesday quiz at 19:00 in Stockholm (18:00 UTC in winter); Tuesday 1 December 2026 is one of its nights.
const CREATED = new Date("2026-11-01T10:00:00Z");
async function tuesdayQuiz() {
  return insertEvent(getDb(), {
    weekday: "Tisdag",
    time: "19:00",
    recurrenceAnchor: "2026-11-03",
    createdAt: CREATED,
  });
}

describe("visitor confirmation", () => {
  it("is open from the night's start until the end of the next day", async () => {
    const event = await tuesdayQuiz();
    expect(await lastConfirmedOf(event.id)).toBe(CREATED.toISOString());

    const early = await confirm(event.id, "v-early", "2026-12-01T17:59:00Z");
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatch(/bekräftas/);

    const atStart = await confirm(event.id, "v-start", "2026-12-01T18:00:00Z");
    expect(await atStart.json()).toEqual({ status: "accepted", lastConfirmedAt: "2026-12-01T18:00:00.000Z" });
    expect(await lastConfirmedOf(event.id)).toBe("2026-12-01T18:00:00.000Z");

    // Wednesday 23:59 in Stockholm is still open; Thursday 00:00 is not.
    const late = await confirm(event.id, "v-late", "2026-12-02T22:59:00Z");
    expect((await late.json()).status).toBe("accepted");
    expect(await lastConfirmedOf(event.id)).toBe("2026-12-02T22:59:00.000Z");
    expect((await confirm(event.id, "v-thursday", "2026-12-02T23:00:00Z")).status).toBe(409);
  });

  it("is closed on a cancelled night", async () => {
    const event = await tuesdayQuiz();
    await getDb()
      .insert(eventExceptions)
      .values({ eventId: event.id, date: "2026-12-01", kind: "cancelled", note: null, time: null });
    expect((await confirm(event.id, "v1", "2026-12-01T19:00:00Z")).status).toBe(409);
    expect(await lastConfirmedOf(event.id)).toBe(CREATED.toISOString());
  });

  it("accepts each visitor once per night, also when the clicks arrive together", async () => {
    const event = await tuesdayQuiz();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => confirm(event.id, "same", "2026-12-01T19:00:00Z", "10.6.0.1")),
    );
    const statuses = await Promise.all(answers.map(async (r) => (await r.json()).status));
    expect(statuses.filter((s) => s === "accepted")).toHaveLength(1);
    expect(statuses.filter((s) => s === "already")).toHaveLength(19);
    // The next morning it is still the same night; a week later it is a new one.
    expect((await (await confirm(event.id, "same", "2026-12-02T08:00:00Z")).json()).status).toBe("already");
    expect((await (await confirm(event.id, "same", "2026-12-08T19:00:00Z")).json()).status).toBe("accepted");
    expect(await lastConfirmedOf(event.id)).toBe("2026-12-08T19:00:00.000Z");
  });

  it("limits the confirmations per address and hour; repeats do not spend the quota", async () => {
    const event = await tuesdayQuiz();
    const ip = "10.7.7.7";
    const now = "2026-12-01T19:00:00Z";
    for (let i = 0; i < CONFIRM_ADDRESS_LIMIT.limit; i++) {
      expect((await (await confirm(event.id, `v${i}`, now, ip)).json()).status).toBe("accepted");
    }
    expect((await (await confirm(event.id, "v0", now, ip)).json()).status).toBe("already");
    const refused = await confirm(event.id, "one-more", now, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect((await refused.json()).error).toBe(CONFIRM_ADDRESS_LIMIT_MESSAGE);
    // Another address, or the same one an hour later, may confirm.
    expect((await confirm(event.id, "one-more", now, "10.7.7.8")).status).toBe(200);
    expect((await (await confirm(event.id, "later", "2026-12-01T20:00:00Z", ip)).json()).status).toBe(
      "accepted",
    );
  });

  it("refuses bad input with a 4xx", async () => {
    const event = await tuesdayQuiz();
    expect((await confirm(event.id, "bad id!", "2026-12-01T19:00:00Z")).status).toBe(400);
    expect((await confirm("00000000-0000-4000-8000-000000000000", "v", "2026-12-01T19:00:00Z")).status).toBe(
      404,
    );
  });
});

async function adminConfirm(eventId: string | URLSearchParams, now: string) {
  const request = new Request(`${getEnv().publicUrl}/admin/confirmations`, {
    method: "POST",
    headers: {
      cookie: `${adminCookie}; quizkvall_now=${encodeURIComponent(now)}`,
      origin: getEnv().publicUrl,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: (typeof eventId === "string" ? new URLSearchParams({ eventId }) : eventId).toString(),
  });
  const fn = adminAction as unknown as (args: AnyArgs) => Promise<unknown>;
  return fn({ request, params: {}, context: {} });
}

describe("stale list and Bekräfta", () => {
  it("lists events without a host unconfirmed for 60 days and those with open reports, stalest first; Bekräfta clears one", async () => {
    const db = getDb();
    const now = new Date("2027-06-01T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const fresh = await insertEvent(db, { createdAt: new Date(now.getTime() - 10 * day) });
    const old = await insertEvent(db, { createdAt: new Date(now.getTime() - 200 * day) });
    const older = await insertEvent(db, { createdAt: new Date(now.getTime() - 300 * day) });
    const reported = await insertEvent(db, { createdAt: new Date(now.getTime() - 5 * day) });
    const resolved = await insertEvent(db, { createdAt: new Date(now.getTime() - 5 * day) });
    await db.insert(reports).values([
      { eventId: reported.id, reportType: "incorrect_info", title: "Fel tid", description: "Börjar 20" },
      {
        eventId: resolved.id,
        reportType: "other",
        title: "Löst",
        description: "Klart",
        status: "resolved",
        resolvedAt: now,
      },
    ]);
    const ids = (await listStaleEvents(db, now)).map((e) => e.id);
    const mine = ids.filter((id) => [fresh, old, older, reported, resolved].some((e) => e.id === id));
    expect(mine).toEqual([older.id, old.id, reported.id]);
    const [entry] = (await listStaleEvents(db, now)).filter((e) => e.id === reported.id);
    assert(entry);
    expect(entry.openReports).toBe(1);

    // The admin page's loader lists them too.
    const loaded = (await (adminLoader as unknown as (a: AnyArgs) => Promise<{ events: { id: string }[] }>)({
      request: new Request(`${getEnv().publicUrl}/admin/confirmations`, {
        headers: { cookie: `${adminCookie}; quizkvall_now=${encodeURIComponent(now.toISOString())}` },
      }),
      params: {},
      context: {},
    })) as { events: { id: string }[] };
    expect(loaded.events.map((e) => e.id)).toContain(older.id);

    expect(await adminConfirm(older.id, now.toISOString())).toEqual({ confirmed: older.id });
    expect(await lastConfirmedOf(older.id)).toBe(now.toISOString());
    expect((await listStaleEvents(db, now)).map((e) => e.id)).not.toContain(older.id);
    // A bad id is a clear error, not a crash.
    expect(await adminConfirm("nope", now.toISOString())).toMatchObject({
      data: { error: "Eventet finns inte." },
      init: { status: 400 },
    });
  });

  it("Bekräfta valda confirms several at once, and says so when none is chosen", async () => {
    const db = getDb();
    const now = new Date("2027-07-01T12:00:00Z");
    const created = new Date("2026-01-01T00:00:00Z");
    const [a, b, c] = [
      await insertEvent(db, { createdAt: created }),
      await insertEvent(db, { createdAt: created }),
      await insertEvent(db, { createdAt: created }),
    ];
    const several = new URLSearchParams([
      ["intent", "confirm-several"],
      ["eventId", a!.id],
      ["eventId", b!.id],
      ["eventId", "inte-ett-id"],
    ]);
    expect(await adminConfirm(several, now.toISOString())).toEqual({ confirmedCount: 2 });
    expect(await lastConfirmedOf(a!.id)).toBe(now.toISOString());
    expect(await lastConfirmedOf(b!.id)).toBe(now.toISOString());
    expect(await lastConfirmedOf(c!.id)).toBe(created.toISOString());
    expect(
      await adminConfirm(new URLSearchParams({ intent: "confirm-several" }), now.toISOString()),
    ).toMatchObject({
      data: { error: "Välj minst ett quiz att bekräfta." },
      init: { status: 400 },
    });
  });

  it("an admin's save confirms the event", async () => {
    const event = await insertEvent(getDb(), { createdAt: new Date("2026-01-01T00:00:00Z") });
    expect(await lastConfirmedOf(event.id)).toBe("2026-01-01T00:00:00.000Z");
    const form = new FormData();
    const fields = {
      title: event.title,
      scheduleWeekday: "Tisdag",
      scheduleTime: "19:00",
      location: "",
      city: "Göteborg",
      quizType: "Quiz",
      maxPersonsPerTeam: "-",
      recurrence: "weekly",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const request = new Request(`http://localhost:3000/api/admin/events/${event.id}`, {
      method: "PATCH",
      body: form,
      headers: { cookie: adminCookie },
    });
    const before = Date.now();
    const response = await (eventAction as unknown as (a: AnyArgs) => Promise<Response>)({
      request,
      params: { id: event.id },
      context: {},
    });
    expect(response.status).toBe(200);
    const at = new Date((await lastConfirmedOf(event.id)) ?? 0).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
  });
});
