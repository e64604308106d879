import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventExceptions, events } from "~/db/schema";
import { cityCalendar } from "~/features/event-calendar/calendar.server";
import { defaultAnchor, defaultMonthWeek } from "~/features/events/occurrences";
import { getDb } from "~/lib/db.server";
import { fromStockholm } from "~/lib/time";
import { action as exceptionsAction } from "~/routes/api/admin/event-exceptions";
import { sessionCookie } from "../support/admin-session";
import { findEventView } from "../support/event-views";
import { insertEvent } from "../support/factories";

/** Cancelled and extra nights through the admin API, and the migration's backfill of existing rows. */
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});

type AnyArgs = { request: Request; params: Record<string, string>; context: object };
async function send(id: string, method: string, body: unknown, cookie = adminCookie) {
  const request = new Request(`http://localhost:3000/api/admin/events/${id}/exceptions`, {
    method,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { cookie, "content-type": "application/json" },
  });
  const fn = exceptionsAction as unknown as (args: AnyArgs) => Promise<Response>;
  return fn({ request, params: { id }, context: {} }).catch((r: Response) => r);
}

// Monday 30 November 2026, noon in Stockholm; the quiz is on Tuesdays at 19:00.
const NOW = new Date("2026-11-30T11:00:00Z");

// The endpoint checks dates against its "now" (six months ahead, none past): the test's dates stay ahead.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

describe("exceptions", () => {
  it("cancels a night: the page marks it 'Inställt', 'Nästa' skips it and the feed overrides it as cancelled, with the note", async () => {
    const row = await insertEvent(getDb(), {
      title: "Quiz på Kajen",
      city: "Göteborg",
      weekday: "Tisdag",
      time: "19:00",
      recurrenceAnchor: "2026-11-03",
      createdAt: new Date("2026-11-01T10:00:00Z"),
    });
    const response = await send(row.id, "POST", { kind: "cancelled", date: "2026-12-01", note: "Julbord" });
    expect(response.status).toBe(200);
    const { event } = await response.json();
    expect(event.exceptions).toEqual([
      { date: "2026-12-01", kind: "cancelled", time: null, note: "Julbord" },
    ]);

    const view = await findEventView(getDb(), "Göteborg", row.slug, NOW);
    expect(view?.nights[0]).toMatchObject({ date: "2026-12-01", cancelled: true, note: "Julbord" });
    expect(view?.nights[1]).toMatchObject({ date: "2026-12-08", cancelled: false });
    // On the night itself the card says so.
    const tonight = await findEventView(getDb(), "Göteborg", row.slug, new Date("2026-12-01T16:00:00Z"));
    expect(tonight?.soon).toEqual({ text: "Inställt ikväll", tone: "cancelled" });

    const feed = await cityCalendar(getDb(), "goteborg");
    expect(feed?.body).toContain("RECURRENCE-ID;TZID=Europe/Stockholm:20261201T190000\r\n");
    expect(feed?.body).toContain("STATUS:CANCELLED");
    expect(feed?.body).toContain("DESCRIPTION:Inställt – Julbord");
    expect(feed?.body).toContain("DTSTART;TZID=Europe/Stockholm:20261103T190000");

    // Saving again replaces the note; removing it brings the night back.
    expect((await send(row.id, "POST", { kind: "cancelled", date: "2026-12-01" })).status).toBe(200);
    const stored = await getDb().select().from(eventExceptions).where(eq(eventExceptions.eventId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.note).toBeNull();
    expect((await send(row.id, "DELETE", { kind: "cancelled", date: "2026-12-01" })).status).toBe(200);
    const back = await findEventView(getDb(), "Göteborg", row.slug, NOW);
    expect(back?.nights[0]).toMatchObject({ date: "2026-12-01", cancelled: false });
  });

  it("adds a one-off night that shows as 'Ikväll' on its date and as an extra date in the feed", async () => {
    const row = await insertEvent(getDb(), {
      title: "Extra på Kajen",
      city: "Göteborg",
      weekday: "Tisdag",
      recurrenceAnchor: "2026-11-03",
    });
    expect((await send(row.id, "POST", { kind: "extra", date: "2026-12-03", time: "18:30" })).status).toBe(
      200,
    );
    const view = await findEventView(getDb(), "Göteborg", row.slug, new Date("2026-12-03T12:00:00Z"));
    expect(view?.soon).toEqual({ text: "Ikväll 18:30", tone: "tonight" });
    expect(view?.nights[0]).toMatchObject({ date: "2026-12-03", time: "18:30", isExtra: true });
    const feed = await cityCalendar(getDb(), "goteborg");
    expect(feed?.body).toContain(`UID:${row.id}-2026-12-03@quizkvall`);
  });

  it("refuses bad input with a Swedish 4xx and saves nothing", async () => {
    const row = await insertEvent(getDb(), {
      title: "Strikt",
      weekday: "Tisdag",
      recurrenceAnchor: "2026-11-03",
    });
    const cases: [unknown, number, string][] = [
      [{ kind: "cancelled", date: "2026-12-02" }, 400, "Quizet går inte det datumet"],
      [{ kind: "cancelled", date: "2026-02-30" }, 400, "Ange ett datum som ÅÅÅÅ-MM-DD"],
      [{ kind: "extra", date: "2026-12-01", time: "19:00" }, 400, "Quizet går redan det datumet"],
      [{ kind: "extra", date: "2026-12-03", time: "25:00" }, 400, "Ange en tid som HH:MM"],
      [{ kind: "cancelled", date: "2026-12-01", note: "x".repeat(201) }, 400, "Högst 200 tecken"],
      ["{nope", 400, "Ogiltig JSON i förfrågan."],
    ];
    for (const [body, status, error] of cases) {
      const response = await send(row.id, "POST", body);
      expect(response.status).toBe(status);
      expect((await response.json()).error).toBe(error);
    }
    expect((await send(row.id, "DELETE", { kind: "extra", date: "2026-12-03" })).status).toBe(404);
    expect(
      (await send("00000000-0000-4000-8000-000000000000", "POST", { kind: "cancelled", date: "2026-12-01" }))
        .status,
    ).toBe(404);
    expect((await send(row.id, "POST", { kind: "cancelled", date: "2026-12-01" }, userCookie)).status).toBe(
      403,
    );
    expect(await getDb().select().from(eventExceptions).where(eq(eventExceptions.eventId, row.id))).toEqual(
      [],
    );
  });
});

describe("migration of existing rows", () => {
  it("anchors each rule on start_time's date, moved back by fortnights to its creation, and sets the monthly week", async () => {
    const db = getDb();
    const rows = [
      // A biweekly Thursday whose start_time lies 3 weeks after its creation.
      {
        recurrence: "biweekly",
        start: fromStockholm(2026, 12, 10, 19, 0),
        created: new Date("2026-11-18T09:00:00Z"),
      },
      // A weekly Tuesday created after its start_time: kept as it is.
      {
        recurrence: "weekly",
        start: fromStockholm(2026, 3, 31, 19, 0),
        created: new Date("2026-04-02T09:00:00Z"),
      },
      // A monthly quiz on the 5th Tuesday of September: the last Tuesday.
      {
        recurrence: "monthly",
        start: fromStockholm(2026, 9, 29, 19, 0),
        created: new Date("2026-09-01T09:00:00Z"),
      },
      // And on the 2nd Wednesday, late in the evening across midnight UTC.
      {
        recurrence: "monthly",
        start: fromStockholm(2026, 10, 14, 0, 30),
        created: new Date("2026-10-01T09:00:00Z"),
      },
    ];
    const ids: string[] = [];
    for (const [i, r] of rows.entries()) {
      const inserted = await insertEvent(db, {
        title: `Migrerad ${i}`,
        recurrence: r.recurrence as "weekly",
        startTime: r.start,
        createdAt: r.created,
      });
      ids.push(inserted.id);
    }
    // Back to what a row looked like before the migration, then its backfill statements as written.
    await db.execute(sql`alter table events drop constraint events_monthly_week_check`);
    await db.execute(sql`update events set recurrence_anchor = '2000-01-01', recurrence_week = null`);
    const migration = fs.readFileSync("drizzle/0004_dates-and-exceptions.sql", "utf8");
    const statements = migration
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter((s) => s.startsWith("UPDATE") || s.includes("events_monthly_week_check"));
    expect(statements).toHaveLength(3);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const stored = await db.select().from(events);
    const byId = new Map(stored.map((r) => [r.id, r]));
    const got = ids.map((id) => [byId.get(id)?.recurrenceAnchor, byId.get(id)?.recurrenceWeek]);
    expect(got).toEqual([
      ["2026-11-12", null],
      ["2026-03-31", null],
      ["2026-09-01", -1],
      ["2026-09-30", 2],
    ]);
    // The SQL and the module that creates new rows agree.
    for (const [i, r] of rows.entries()) {
      expect(got[i]?.[0]).toBe(defaultAnchor(r.start, r.created));
      if (r.recurrence === "monthly") expect(got[i]?.[1]).toBe(defaultMonthWeek(r.start));
    }
  });
});
