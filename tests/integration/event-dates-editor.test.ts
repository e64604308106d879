import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventExceptions } from "~/db/schema";
import { eventCalendar } from "~/features/event-calendar/calendar.server";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { findEventViewById } from "~/features/events/public.server";
import { getDb } from "~/lib/db.server";
import { type Env, getEnv, setEnv } from "~/lib/env.server";
import { action } from "~/routes/admin/events-editor";
import { sessionCookie } from "../support/admin-session";
import { insertEvent } from "../support/factories";

/**
 * The dates editor's 'Spara': cancelled nights with notes, extra nights and breaks ('Uppehåll') posted at
 * once to the event editor's action, checked on the server against the event and its clock, all or none.
 */
let adminCookie: string;
let userCookie: string;
let original: Env;

// Friday 27 November 2026, 10:00 in Stockholm; the quiz is on Tuesdays at 19:00.
const NOW = new Date("2026-11-27T09:00:00Z");

beforeAll(async () => {
  original = getEnv();
  setEnv({ ...original, TEST_CLOCK: true });
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});
afterAll(() => setEnv(original));

type Answer = { data: EventActionResult; init: { status: number } };

async function save(id: string, entries: [string, string][], { cookie = adminCookie, now = NOW } = {}) {
  const form = new FormData();
  form.append("intent", "save-dates");
  for (const [k, v] of entries) form.append(k, v);
  const origin = getEnv().publicUrl;
  const request = new Request(`${origin}/admin/events/${id}/edit`, {
    method: "POST",
    body: form,
    headers: { cookie: `${cookie}; quizkvall_now=${now.toISOString()}`, origin },
  });
  const run = action as unknown as (args: object) => Promise<Answer>;
  // A refused viewer is thrown: a Response or react-router's data() with its status.
  return run({ request, params: { id }, context: {} }).catch(
    (r: { status?: number; init?: { status?: number } }) => ({
      data: null as unknown as EventActionResult,
      init: { status: r.init?.status ?? r.status ?? 0 },
    }),
  );
}

const tuesdayQuiz = () =>
  insertEvent(getDb(), {
    title: `Tisdagsquiz ${Math.random().toString(36).slice(2, 8)}`,
    city: "Göteborg",
    weekday: "Tisdag",
    time: "19:00",
    recurrenceAnchor: "2026-11-03",
    createdAt: new Date("2026-11-01T10:00:00Z"),
  });

const stored = async (eventId: string) =>
  (await getDb().select().from(eventExceptions).where(eq(eventExceptions.eventId, eventId)))
    .map((e) => ({ kind: e.kind, date: e.date, endDate: e.endDate, time: e.time, note: e.note }))
    .sort((a, b) => a.date.localeCompare(b.date));

describe("the dates editor's Spara", () => {
  it("saves a night five months ahead with its note, an extra night and a summer break in one post", async () => {
    const event = await tuesdayQuiz();
    const answer = await save(event.id, [
      ["cancelDate", "2027-04-27"],
      ["cancelNote", "Påskfest"],
      ["cancelDate", "2026-12-08"],
      ["cancelNote", ""],
      ["extraDate", "2026-12-10"],
      ["extraTime", "18:30"],
      ["breakFrom", "2027-05-10"],
      ["breakTo", "2027-08-15"],
      ["breakNote", "Sommaruppehåll"],
    ]);
    expect(answer.init.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, intent: "save-dates" });
    expect(await stored(event.id)).toEqual([
      { kind: "cancelled", date: "2026-12-08", endDate: null, time: null, note: null },
      { kind: "extra", date: "2026-12-10", endDate: null, time: "18:30", note: null },
      { kind: "cancelled", date: "2027-04-27", endDate: null, time: null, note: "Påskfest" },
      { kind: "break", date: "2027-05-10", endDate: "2027-08-15", time: null, note: "Sommaruppehåll" },
    ]);

    // The event page's coming nights: the cancelled one with its note; none in the break.
    const april = await findEventViewById(getDb(), event.id, new Date("2027-04-26T09:00:00Z"));
    expect(april?.nights.map((n) => [n.date, n.cancelled, n.note])).toEqual([
      ["2027-04-27", true, "Påskfest"],
      ["2027-05-04", false, null],
      ["2027-08-17", false, null],
      ["2027-08-24", false, null],
    ]);
    // A Tuesday in the break: no "Ikväll", no night.
    const inBreak = await findEventViewById(getDb(), event.id, new Date("2027-06-15T09:00:00Z"));
    expect(inBreak?.soon).toBeNull();
    expect(inBreak?.nights[0]?.date).toBe("2027-08-17");

    const feed = await eventCalendar(getDb(), "goteborg", event.slug, NOW);
    expect(feed?.body).toContain("RECURRENCE-ID;TZID=Europe/Stockholm:20270427T190000\r\n");
    expect(feed?.body).toContain("DESCRIPTION:Inställt – Påskfest");
    expect(feed?.body.replace(/\r\n /g, "")).toMatch(
      /EXDATE;TZID=Europe\/Stockholm:20270511T190000,20270518T190000,/,
    );

    // Taken back in a later post: the break and a cancellation removed, the nights there again.
    const undo = await save(event.id, [
      ["remove", "break:2027-05-10"],
      ["remove", "cancelled:2026-12-08"],
    ]);
    expect(undo.data).toMatchObject({ ok: true });
    expect((await stored(event.id)).map((e) => e.kind)).toEqual(["extra", "cancelled"]);
  });

  it.each([
    [
      "a past date",
      [
        ["cancelDate", "2026-11-24"],
        ["cancelNote", ""],
      ],
      "cancelDate",
      "Datumet har redan varit",
    ],
    [
      "a date beyond a year",
      [
        ["cancelDate", "2027-11-30"],
        ["cancelNote", ""],
      ],
      "cancelDate",
      "Välj ett datum inom ett år",
    ],
    [
      "a day the quiz does not run",
      [
        ["cancelDate", "2026-12-02"],
        ["cancelNote", ""],
      ],
      "cancelDate",
      "Quizet går inte det datumet",
    ],
    [
      "a break ending before it begins",
      [
        ["breakFrom", "2027-02-01"],
        ["breakTo", "2027-01-01"],
        ["breakNote", ""],
      ],
      "breakTo",
      "Uppehållet kan inte sluta före det börjar",
    ],
    [
      "overlapping breaks",
      [
        ["breakFrom", "2027-02-01"],
        ["breakTo", "2027-02-20"],
        ["breakNote", ""],
        ["breakFrom", "2027-02-15"],
        ["breakTo", "2027-03-01"],
        ["breakNote", ""],
      ],
      "breakFrom",
      "Uppehållet överlappar ett annat uppehåll",
    ],
    [
      "control characters in a note",
      [
        ["cancelDate", "2026-12-01"],
        ["cancelNote", "Stängt\u0000"],
      ],
      "cancelNote",
      "Texten innehåller otillåtna tecken.",
    ],
  ] as [string, [string, string][], string, string][])(
    "refuses %s with a Swedish 400 and saves nothing of the post",
    async (_, entries, field, message) => {
      const event = await tuesdayQuiz();
      // A valid change beside the refused one: all or none.
      const answer = await save(event.id, [["extraDate", "2026-12-10"], ["extraTime", "18:30"], ...entries]);
      expect(answer.init.status).toBe(400);
      expect(answer.data).toMatchObject({
        ok: false,
        intent: "save-dates",
        fieldErrors: { [field]: message },
      });
      expect(await stored(event.id)).toEqual([]);
    },
  );

  it("refuses an overlap with a stored break, and anyone but an admin", async () => {
    const event = await tuesdayQuiz();
    expect(
      (
        await save(event.id, [
          ["breakFrom", "2026-12-20"],
          ["breakTo", "2027-01-06"],
          ["breakNote", "Jul"],
        ])
      ).data,
    ).toMatchObject({ ok: true });
    const overlap = await save(event.id, [
      ["breakFrom", "2027-01-05"],
      ["breakTo", "2027-01-12"],
      ["breakNote", ""],
    ]);
    expect(overlap.data).toMatchObject({
      ok: false,
      fieldErrors: { breakFrom: "Uppehållet överlappar ett annat uppehåll" },
    });
    const inBreak = await save(event.id, [
      ["cancelDate", "2026-12-22"],
      ["cancelNote", ""],
    ]);
    expect(inBreak.data).toMatchObject({
      ok: false,
      fieldErrors: { cancelDate: "Quizet går inte det datumet" },
    });
    expect(
      (
        await save(
          event.id,
          [
            ["extraDate", "2026-12-10"],
            ["extraTime", "18:30"],
          ],
          { cookie: userCookie },
        )
      ).init.status,
    ).toBe(403);
    expect(await stored(event.id)).toHaveLength(1);
  });

  it("the table refuses a break that ends before it begins or lasts longer than a year", async () => {
    const event = await tuesdayQuiz();
    const insert = (date: string, endDate: string | null, kind = "break") =>
      getDb().execute(
        sql`insert into event_exceptions (event_id, date, kind, end_date) values (${event.id}, ${date}, ${kind}, ${endDate})`,
      );
    await expect(insert("2027-02-01", "2027-01-31")).rejects.toThrow();
    await expect(insert("2027-01-01", "2028-01-03")).rejects.toThrow();
    await expect(insert("2027-01-01", null)).rejects.toThrow();
    await expect(insert("2027-01-05", "2027-01-06", "cancelled")).rejects.toThrow();
    await insert("2027-01-01", "2028-01-02");
    expect(await stored(event.id)).toHaveLength(1);
  });
});
