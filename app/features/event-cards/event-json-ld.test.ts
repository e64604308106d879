import { describe, expect, it } from "vitest";
import { type EventView, toEventBase } from "~/features/events/public";
import { eventJsonLd } from "./event-json-ld";

const NOW = new Date("2026-12-01T17:00:00.000Z");

/** The page's JSON-LD of a weekly Tuesday quiz with the given entry fee and booking link. */
function jsonLdWith(facts: { entryFee: number | null; bookingUrl: string | null; language?: "sv" | "en" }) {
  const base = toEventBase(
    {
      id: "7b0c2a52-9a8e-4f4e-8a43-1f3f4c1b0e11",
      slug: "tisdagsquiz",
      title: "Tisdagsquiz",
      description: "Sex ronder",
      imageUrl: null,
      locationName: "Puben",
      locationAddress: null,
      city: "Malmö",
      startTime: new Date("2026-11-24T18:00:00.000Z"),
      tags: ["Quiz"],
      email: null,
      phone: null,
      website: null,
      instagram: null,
      maxPersonsPerTeam: 6,
      recurrence: "weekly",
      schedules: [{ weekday: "Tisdag", time: "19:00" }],
      recurrenceAnchor: "2026-11-24",
      recurrenceWeek: null,
      streetAddress: null,
      beerCounter: 0,
      createdAt: new Date("2026-11-01T10:00:00.000Z"),
      ...facts,
      booking: facts.bookingUrl ? "required" : null,
    },
    new Map(),
  );
  // The time-dependent labels play no part in the JSON-LD.
  const view: EventView = { ...base, nights: [], soon: null, isNew: false };
  const { isAccessibleForFree, offers, inLanguage } = eventJsonLd(
    view,
    "https://quizkvall.example/quiz/malmo/tisdagsquiz",
    null,
    NOW,
  ) as ReturnType<typeof eventJsonLd> & { inLanguage?: string };
  return facts.language === undefined ? { isAccessibleForFree, offers } : { inLanguage };
}

describe("event facts in JSON-LD", () => {
  it("claims nothing about the price when the fee is unknown", () => {
    expect(jsonLdWith({ entryFee: null, bookingUrl: "https://example.se/boka" })).toEqual({
      isAccessibleForFree: undefined,
      offers: undefined,
    });
  });

  it("says free and offers 0 SEK for a free quiz", () => {
    expect(jsonLdWith({ entryFee: 0, bookingUrl: null })).toEqual({
      isAccessibleForFree: true,
      offers: { "@type": "Offer", price: 0, priceCurrency: "SEK" },
    });
  });

  it("offers the fee in SEK with the booking link as the offer's url", () => {
    expect(jsonLdWith({ entryFee: 40, bookingUrl: "https://example.se/boka" })).toEqual({
      isAccessibleForFree: false,
      offers: { "@type": "Offer", price: 40, priceCurrency: "SEK", url: "https://example.se/boka" },
    });
  });

  it("states the quiz's language when it is known", () => {
    expect(jsonLdWith({ entryFee: null, bookingUrl: null, language: "en" })).toEqual({ inLanguage: "en" });
  });
});
