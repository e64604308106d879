import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { loadHomeListing } from "~/features/event-listing/home-listing.server";
import { unpackCard } from "~/features/events/card-event";
import { readEventListVersion } from "~/features/events/event-list-cache.server";
import { findEventViewById } from "~/features/events/events.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action } from "~/routes/admin/events-editor";
import { sessionCookie } from "../support/admin-session";
import { insertEvent } from "../support/factories";

/** The facts a visitor decides by: saved by the event form, read by pages, checked by the database, filtered on home. */
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
});

type Answer = { data: EventActionResult; init: { status: number } };

async function post(fields: Record<string, string>, id?: string): Promise<Answer> {
  const form = new FormData();
  const all = {
    intent: "save",
    title: "Faktaquiz på Kajen",
    scheduleWeekday: "Tisdag",
    scheduleTime: "19:00",
    city: "Göteborg",
    quizType: "Quiz",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  const origin = getEnv().publicUrl;
  const url = id ? `/admin/events/${id}/edit` : "/admin/events/new";
  const request = new Request(`${origin}${url}`, {
    method: "POST",
    body: form,
    headers: { cookie: adminCookie, origin },
  });
  const run = action as unknown as (args: object) => Promise<Answer>;
  return run({ request, params: id ? { id } : {}, context: {} });
}

const FACTS = {
  entryFee: "40",
  booking: "required",
  bookingUrl: "https://example.se/boka",
  prize: "Presentkort på 500 kr",
  difficulty: "medium",
  language: "en",
  wheelchairAccessible: "ja",
};

describe("event facts", () => {
  it("are saved by the event form, read back by the event's view, and cleared to unknown", async () => {
    const created = await post(FACTS);
    expect(created.data.ok).toBe(true);
    const id = created.data.ok ? created.data.event?.id : undefined;
    if (!id) throw new Error("no event");
    const view = await findEventViewById(getDb(), id);
    expect(view?.facts).toEqual({
      entryFee: 40,
      booking: "required",
      bookingUrl: "https://example.se/boka",
      prize: "Presentkort på 500 kr",
      difficulty: "medium",
      language: "en",
      wheelchairAccessible: true,
    });

    const before = await readEventListVersion(getDb());
    const edited = await post({ entryFee: "0", booking: "none", wheelchairAccessible: "nej" }, id);
    expect(edited.data.ok).toBe(true);
    // A change of facts is a change the listing shows: its version moves.
    expect(await readEventListVersion(getDb())).toBeGreaterThan(before);
    expect((await findEventViewById(getDb(), id))?.facts).toEqual({
      entryFee: 0,
      booking: "none",
      bookingUrl: null,
      prize: null,
      difficulty: null,
      language: null,
      wheelchairAccessible: false,
    });
  });

  it("refuses bad facts field by field in Swedish and stores nothing", async () => {
    const count = async () =>
      (await getDb().select().from(events).where(eq(events.title, "Trasig fakta"))).length;
    const answer = await post({
      title: "Trasig fakta",
      entryFee: "-1",
      booking: "kanske",
      bookingUrl: "http://example.se",
      difficulty: "expert",
      language: "de",
      wheelchairAccessible: "?",
    });
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      fieldErrors: {
        entryFee: "Ange inträdet i hela kronor, 0–10000 (0 = gratis)",
        booking: "Välj om quizet behöver bokas",
        bookingUrl: "Ange bokningslänken som en https-adress (https://…)",
        difficulty: "Välj Lätt, Medel eller Svår",
        language: "Välj svenska eller engelska",
        wheelchairAccessible: "Välj ja, nej eller vet ej",
      },
    });
    expect(await count()).toBe(0);
  });

  it("are checked by the database too", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const refused = async (set: string) =>
      db
        .execute(sql.raw(`update events set ${set} where id = '${event.id}'`))
        .then(() => false)
        .catch(() => true);
    expect(await refused("entry_fee = -1")).toBe(true);
    expect(await refused("entry_fee = 10001")).toBe(true);
    expect(await refused("booking = 'maybe'")).toBe(true);
    expect(await refused("booking_url = 'http://example.se'")).toBe(true);
    expect(await refused("prize = ''")).toBe(true);
    expect(await refused("difficulty = 'expert'")).toBe(true);
    expect(await refused("language = 'de'")).toBe(true);
    expect(await refused("entry_fee = 5, booking = 'none', difficulty = 'hard', language = 'sv'")).toBe(
      false,
    );
  });

  it("filter home over every event before paging, combined with the city, and in the URL's page", async () => {
    const db = getDb();
    const now = new Date();
    // The free ones are the oldest: a listing cut to its newest events would miss them.
    for (let i = 0; i < 14; i++)
      await insertEvent(db, {
        title: `Gratisquiz ${i}`,
        city: i % 2 ? "Malmö" : "Stockholm",
        entryFee: 0,
        language: i < 4 ? "en" : "sv",
        createdAt: new Date(now.getTime() - (400 + i) * 86_400_000),
      });
    for (let i = 0; i < 20; i++) await insertEvent(db, { title: `Betalquiz ${i}`, entryFee: 50 + i });

    const load = (query: string) => loadHomeListing(db, now, new URLSearchParams(query));
    const free = await load("gratis=1");
    expect(free.matching).toBe(15); // the 14 and the one the first test made free
    expect(free.cards).toHaveLength(12);
    expect(free.pages).toBe(2);
    const second = await load("gratis=1&sida=2");
    const titles = [...free.cards, ...second.cards].map((c) => unpackCard(c, free.dates).title);
    expect(new Set(titles).size).toBe(15);
    expect(titles.every((t) => t.startsWith("Gratisquiz") || t === "Faktaquiz på Kajen")).toBe(true);

    const english = await load("gratis=1&sprak=engelska&cities=malmo");
    expect(english.cards.map((c) => unpackCard(c, english.dates).title).sort()).toEqual([
      "Gratisquiz 1",
      "Gratisquiz 3",
    ]);
    expect(english.counts.facts).toMatchObject({ free: 2, en: 2, sv: 5 });
    // Unknown facts never match, and every event still counts in the hero's total.
    const hard = await load("svarighet=svar");
    expect(hard.matching).toBe(1);
    expect(hard.total).toBeGreaterThanOrEqual(36);
  });
});
