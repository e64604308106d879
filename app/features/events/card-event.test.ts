import { describe, expect, it } from "vitest";
import { packCard, unpackCard } from "./card-event";
import { type EventView, toEventView } from "./event-view";
import { pageOf, parsePage } from "./filters";

const NOW = new Date("2026-12-01T17:00:00.000Z"); // Tuesday 18:00 in Stockholm
const DATES = { today: "2026-12-01", tomorrow: "2026-12-02" };

function view(overrides: Partial<Parameters<typeof toEventView>[0]> = {}): EventView {
  return toEventView(
    {
      id: "7b0c2a52-9a8e-4f4e-8a43-1f3f4c1b0e11",
      slug: "tisdagsquiz",
      title: "Tisdagsquiz",
      description: "Sex ronder",
      imageUrl: "/images/event-images/a.jpg",
      locationName: "Puben",
      locationAddress: "https://maps.example/puben",
      city: "Malmö",
      startTime: new Date("2026-11-24T18:00:00.000Z"),
      tags: ["Quiz", "MusikQuiz"],
      email: "a@b.se",
      phone: null,
      website: null,
      instagram: null,
      maxPersonsPerTeam: 6,
      recurrence: "weekly",
      schedules: [
        { weekday: "Tisdag", time: "19:00" },
        { weekday: "Onsdag", time: "20:00" },
      ],
      recurrenceAnchor: "2026-11-24",
      recurrenceWeek: null,
      streetAddress: null,
      beerCounter: 12,
      createdAt: new Date("2026-11-30T10:00:00.000Z"),
      ...overrides,
    },
    NOW,
    new Map([["7b0c2a52-9a8e-4f4e-8a43-1f3f4c1b0e11", 2]]),
  );
}

describe("packed cards", () => {
  it("carry every field a card, a list row and the filter read, and survive JSON", () => {
    const full = view();
    const card = unpackCard(JSON.parse(JSON.stringify(packCard(full, DATES))), DATES);
    const { nights, ...rest } = card;
    expect(rest).toEqual({
      id: full.id,
      slug: full.slug,
      citySlug: "malmo",
      city: "Malmö",
      title: full.title,
      description: full.description,
      image: full.image,
      weekday: full.weekday,
      time: full.time,
      schedules: full.schedules,
      recurrence: "weekly",
      location: "Puben",
      locationUrl: "https://maps.example/puben",
      quizType: ["Quiz", "MusikQuiz"],
      maxPersonsPerTeam: 6,
      beerCounter: 12,
      isNew: true,
      topRank: 2,
      soon: { text: "Ikväll 19:00", tone: "tonight" },
    });
    // Only tonight's and tomorrow's nights travel, with their start instants.
    expect(nights).toEqual(
      full.nights
        .filter((n) => n.date === DATES.today || n.date === DATES.tomorrow)
        .map((n) => ({ date: n.date, start: n.start })),
    );
    expect(nights.map((n) => n.date)).toEqual(["2026-12-01", "2026-12-02"]);
  });

  it("keep the unknowns: no image, no team size, no rank, nothing soon", () => {
    const full = view({
      imageUrl: null,
      maxPersonsPerTeam: null,
      schedules: null,
      startTime: new Date("2026-11-27T18:00:00.000Z"),
      recurrenceAnchor: "2026-11-27",
      locationAddress: "Gatan 1, Malmö",
      createdAt: new Date("2026-01-01T10:00:00.000Z"),
    });
    const card = unpackCard(packCard({ ...full, topRank: null }, DATES), DATES);
    expect(card).toMatchObject({
      image: null,
      maxPersonsPerTeam: "-",
      schedules: [],
      weekday: "Fredag",
      topRank: null,
      soon: null,
      isNew: false,
      locationUrl: null,
      nights: [],
    });
  });
});

describe("home pages", () => {
  it("reads ?sida as a page from 2 up, anything else as the first", () => {
    for (const [value, page] of [
      ["2", 2],
      ["17", 17],
      ["1", 1],
      ["0", 1],
      ["-3", 1],
      ["2.5", 1],
      ["abc", 1],
      ["", 1],
    ] as const)
      expect(parsePage(new URLSearchParams({ sida: value }))).toBe(page);
    expect(parsePage(new URLSearchParams())).toBe(1);
  });

  it("slices a listing into pages and clamps a page past the end to the last", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, 1, 12)).toEqual({ items: items.slice(0, 12), page: 1, pages: 3 });
    expect(pageOf(items, 3, 12)).toEqual({ items: [24], page: 3, pages: 3 });
    expect(pageOf(items, 9, 12)).toEqual({ items: [24], page: 3, pages: 3 });
    expect(pageOf([], 1, 12)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
