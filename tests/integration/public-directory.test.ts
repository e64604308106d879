import { describe, expect, it } from "vitest";
import { cityCalendar, eventCalendar } from "~/features/event-calendar/calendar.server";
import { listSitemapEntries } from "~/features/seo/sitemap.server";
import { getDb } from "~/lib/db.server";
import { findEventView, listEventViews } from "../support/event-views";
import { insertEvent, insertQuiz } from "../support/factories";

describe("public directory queries", () => {
  it("lists events as views with ranks, per city and by slug", async () => {
    const db = getDb();
    const now = new Date();
    const old = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
    const a = await insertEvent(db, {
      title: "Quiz på Ölstugan",
      city: "Malmö",
      beerCounter: 5,
      createdAt: old,
    });
    const b = await insertEvent(db, { title: "Quiz på Ölstugan", city: "Malmö", beerCounter: 9 });
    const c = await insertEvent(db, {
      title: "Musik i Stockholm",
      city: "Stockholm",
      tags: ["MusikQuiz"],
      beerCounter: 5,
      weekday: "Fredag",
      schedules: [
        { weekday: "Fredag", time: "20:00" },
        { weekday: "Lördag", time: "18:00" },
      ],
    });
    await insertEvent(db, { city: "Göteborg", beerCounter: 1 });
    await insertEvent(db, { city: "Göteborg", beerCounter: 0 });

    expect(b.slug).toBe("quiz-pa-olstugan-2");
    const all = await listEventViews(db, now);
    expect(all).toHaveLength(5);
    const ranked = all.filter((e) => e.topRank !== null).sort((x, y) => (x.topRank ?? 0) - (y.topRank ?? 0));
    // Equal counters: the older event ranks higher.
    expect(ranked.map((e) => [e.id, e.topRank])).toEqual([
      [b.id, 1],
      [a.id, 2],
      [c.id, 3],
    ]);
    expect(all.find((e) => e.id === a.id)).toMatchObject({ isNew: false, topRank: 2, citySlug: "malmo" });
    expect(all.find((e) => e.id === b.id)).toMatchObject({ isNew: true, topRank: 1 });

    const malmo = all.filter((e) => e.city === "Malmö");
    expect(malmo.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());

    expect(await findEventView(db, "Malmö", "quiz-pa-olstugan-2")).toMatchObject({ id: b.id });
    expect(await findEventView(db, "Göteborg", "quiz-pa-olstugan-2")).toBeNull();
    expect(await findEventView(db, "Stockholm", "musik-i-stockholm")).toMatchObject({
      quizType: ["MusikQuiz"],
      schedules: [
        { weekday: "Fredag", time: "20:00" },
        { weekday: "Lördag", time: "18:00" },
      ],
    });
  });

  it("builds calendar feeds and the sitemap from the database", async () => {
    const db = getDb();
    await insertEvent(db, {
      title: "Torsdagsquiz",
      city: "Göteborg",
      weekday: "Torsdag",
      recurrence: "biweekly",
    });
    await insertEvent(db, { title: "Tisdagsquiz", city: "Göteborg", weekday: "Tisdag" });
    await insertQuiz(db, { title: "Veckans test", isActive: true });
    await insertQuiz(db, { title: "Dold quiz", isActive: false });

    const city = await cityCalendar(db, "goteborg");
    expect(city?.body.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThanOrEqual(2);
    const thursday = await cityCalendar(db, "goteborg", "torsdag");
    expect(thursday?.body).toContain("SUMMARY:Torsdagsquiz");
    expect(thursday?.body).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=TH");
    expect(thursday?.body).not.toContain("SUMMARY:Tisdagsquiz");
    expect(thursday?.fileName).toBe("quiz-goteborg-torsdag.ics");
    expect(await cityCalendar(db, "paris")).toBeNull();
    expect(await cityCalendar(db, "goteborg", "fredagkvall")).toBeNull();
    const one = await eventCalendar(db, "goteborg", "tisdagsquiz");
    // Links come from PUBLIC_URL (set for the tests).
    expect(one?.body).toContain("URL:http://localhost:3000/quiz/goteborg/tisdagsquiz");
    expect(await eventCalendar(db, "goteborg", "finns-inte")).toBeNull();

    const paths = (await listSitemapEntries(db)).map((e) => e.path);
    expect(paths).toContain("/quiz/goteborg/tisdagsquiz");
    expect(paths).toContain("/quiz/malmo/sondag");
    expect(paths).toContain("/quiz/stockholm/karta");
    expect(paths.some((p) => p.startsWith("/veckans-nutidsquiz/veckans-test"))).toBe(true);
    expect(paths.some((p) => p.includes("dold-quiz"))).toBe(false);
  });
});
