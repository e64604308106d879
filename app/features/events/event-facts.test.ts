import { describe, expect, it } from "vitest";
import { packCard, unpackCard } from "./card-event";
import { cardFactLabels, type EventFacts, factsOfRow } from "./event-facts";

/** Facts nobody has given. */
const UNKNOWN_FACTS: EventFacts = {
  entryFee: null,
  booking: null,
  bookingUrl: null,
  prize: null,
  difficulty: null,
  language: null,
  wheelchairAccessible: null,
};

describe("event facts on cards", () => {
  it("labels only known facts, in Swedish", () => {
    expect(cardFactLabels(UNKNOWN_FACTS)).toEqual([]);
    expect(
      cardFactLabels({
        entryFee: 40,
        booking: "required",
        difficulty: "medium",
        language: "en",
        wheelchairAccessible: true,
      }),
    ).toEqual(["Inträde 40 kr", "Bokning krävs", "Svårighet: Medel", "På engelska", "Rullstolsanpassat"]);
    expect(
      cardFactLabels({ ...UNKNOWN_FACTS, entryFee: 0, booking: "none", wheelchairAccessible: false }),
    ).toEqual(["Gratis", "Ingen bokning"]);
  });

  it("reads unknown stored values as unknown", () => {
    expect(factsOfRow({ booking: "sometimes", difficulty: null, language: "de" })).toEqual(UNKNOWN_FACTS);
  });

  it("packs and unpacks a card's facts, and leaves them off when nothing is known", async () => {
    const { toEventView } = await import("./event-view");
    const row = {
      id: "0b6d3c1e-1234-4abc-8def-0123456789ab",
      slug: "pelikan",
      title: "Pelikan",
      description: null,
      imageUrl: null,
      locationName: "Pelikan",
      locationAddress: "Pelikan, Stockholm",
      city: "Stockholm",
      startTime: new Date("2026-12-01T18:00:00Z"),
      tags: ["Quiz"],
      email: null,
      phone: null,
      website: null,
      instagram: null,
      maxPersonsPerTeam: 6,
      recurrence: "weekly",
      schedules: null,
      recurrenceAnchor: "2026-12-01",
      recurrenceWeek: null,
      streetAddress: null,
      beerCounter: 0,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    };
    const now = new Date("2026-11-27T12:00:00Z");
    const dates = { today: "2026-11-27", tomorrow: "2026-11-28" };
    const unknown = toEventView(row, now, new Map());
    expect(packCard(unknown, dates).length).toBeLessThanOrEqual(16);
    expect(unpackCard(packCard(unknown, dates), dates).facts).toEqual({
      entryFee: null,
      booking: null,
      difficulty: null,
      language: null,
      wheelchairAccessible: null,
    });
    const known = toEventView(
      {
        ...row,
        entryFee: 0,
        booking: "recommended",
        difficulty: "hard",
        language: "sv",
        wheelchairAccessible: false,
      },
      now,
      new Map(),
    );
    expect(unpackCard(packCard(known, dates), dates).facts).toEqual({
      entryFee: 0,
      booking: "recommended",
      difficulty: "hard",
      language: "sv",
      wheelchairAccessible: false,
    });
  });
});
