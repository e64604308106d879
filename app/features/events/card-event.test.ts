import { describe, expect, it } from "vitest";
import { type PackedCard, packCard, toCardEvent, unpackCard } from "./card-event";
import { cardDescription } from "./event-format";
import { type EventView, toEventView } from "./event-view";

const CARD_DESCRIPTION_CHARS = 160;

const NOW = new Date("2026-12-01T17:00:00.000Z"); // Tuesday 18:00 in Stockholm
const DATES = { today: "2026-12-01", tomorrow: "2026-12-02" };

const baseRow: Parameters<typeof toEventView>[0] = {
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
};

function view(overrides: Partial<Parameters<typeof toEventView>[0]> = {}): EventView {
  return toEventView(
    {
      ...baseRow,
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
      recurrenceWeek: null,
      nextStarts: [],
      location: "Puben",
      locationUrl: "https://maps.example/puben",
      streetAddress: null,
      quizType: ["Quiz", "MusikQuiz"],
      maxPersonsPerTeam: 6,
      beerCounter: 12,
      isNew: true,
      topRank: 2,
      soon: { text: "Ikväll 19:00", tone: "tonight" },
      // A page about Tuesdays speaks of tonight, one about Wednesdays of tomorrow.
      soonOn: {
        Tisdag: { text: "Ikväll 19:00", tone: "tonight" },
        Onsdag: { text: "Imorgon 20:00", tone: "tomorrow" },
      },
      facts: { entryFee: null, booking: null, difficulty: null, language: null, wheelchairAccessible: null },
    });
    // Only tonight's and tomorrow's nights travel, with their start instants.
    expect(nights).toEqual(
      full.nights
        .filter((n) => n.date === DATES.today || n.date === DATES.tomorrow)
        .map((n) => ({ date: n.date, start: n.start, cancelled: false })),
    );
    expect(nights.map((n) => n.date)).toEqual(["2026-12-01", "2026-12-02"]);
  });

  it("carry a fortnightly or monthly quiz's rhythm and its next night, and nothing more for a weekly one", () => {
    const monthly = view({ recurrence: "monthly", recurrenceWeek: -1, schedules: null });
    const card = toCardEvent(monthly, DATES);
    expect(card.recurrenceWeek).toBe(-1);
    expect(card.nextStarts).toEqual([monthly.nights.find((n) => !n.cancelled)?.start]);
    const biweekly = toCardEvent(view({ recurrence: "biweekly", schedules: null }), DATES);
    expect(biweekly).toMatchObject({ recurrence: "biweekly", recurrenceWeek: null });
    expect(biweekly.nextStarts).toHaveLength(1);
    expect(
      packCard(
        view({
          schedules: null,
          startTime: new Date("2026-11-27T18:00:00.000Z"),
          recurrenceAnchor: "2026-11-27",
        }),
        DATES,
      ).length,
    ).toBeLessThan(20);
  });

  it("carry the street, which the search reads", () => {
    const card = toCardEvent(view({ streetAddress: "Grammofongatan 11" }), DATES);
    expect(card.streetAddress).toBe("Grammofongatan 11");
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

  it("leave off what holds its default at the end, and read it back as that default", () => {
    const full = view({ createdAt: new Date("2026-01-01T10:00:00.000Z"), schedules: null });
    // Not new, no rank, nothing soon, no night today or tomorrow (a Friday quiz on a Tuesday).
    const friday = view({
      createdAt: new Date("2026-01-01T10:00:00.000Z"),
      schedules: null,
      startTime: new Date("2026-11-27T18:00:00.000Z"),
      recurrenceAnchor: "2026-11-27",
    });
    const packed = packCard({ ...friday, topRank: null }, DATES);
    expect(packed).toHaveLength(16);
    expect(packed[0]).toBe("7b0c2a529a8e4f4e8a431f3f4c1b0e11");
    expect(unpackCard(packed, DATES)).toMatchObject({
      id: friday.id,
      isNew: false,
      topRank: null,
      soon: null,
      nights: [],
    });
    // Tonight's quiz keeps its "soon" label (as tone and time) and its night (in minutes since the epoch).
    const tonight = packCard({ ...full, topRank: null }, DATES) as Required<PackedCard>;
    expect(tonight[18]).toEqual([0, "19:00", ""]);
    expect(tonight[19]).toEqual([[Date.parse("2026-12-01T18:00:00.000Z") / 60_000], []]);
  });

  it("carry a cancelled night (counted out of 'Ikväll') and each weekday's own label and next night", () => {
    // Tuesday 18:00: tonight's 19:00 is cancelled, tomorrow's Wednesday 20:00 is on.
    const cancelled = toEventView(
      {
        ...baseRow,
        recurrence: "biweekly",
        recurrenceAnchor: "2026-11-30",
      },
      NOW,
      new Map(),
      [{ date: "2026-12-01", kind: "cancelled", time: null, note: "Julbord" }],
    );
    const card = unpackCard(JSON.parse(JSON.stringify(packCard(cancelled, DATES))), DATES);
    expect(card.nights).toEqual([
      { date: "2026-12-01", start: "2026-12-01T18:00:00.000Z", cancelled: true },
      { date: "2026-12-02", start: "2026-12-02T19:00:00.000Z", cancelled: false },
    ]);
    expect(card.soon).toEqual({ text: "Inställt ikväll", tone: "cancelled" });
    expect(card.soonOn).toEqual({
      Tisdag: { text: "Inställt ikväll", tone: "cancelled" },
      Onsdag: { text: "Imorgon 20:00", tone: "tomorrow" },
    });
    // Tuesday's next night is a fortnight on; Wednesday's is tomorrow.
    expect(card.nextStarts).toEqual(["2026-12-02T19:00:00.000Z", "2026-12-15T18:00:00.000Z"]);
  });

  it("carry 'Bekräftad idag' on tonight's label only on the day a host confirmed", () => {
    const confirmed = view({ tonightConfirmedOn: "2026-12-01" });
    const packed = JSON.parse(JSON.stringify(packCard(confirmed, DATES))) as PackedCard;
    expect(packed[18]).toEqual([0, "19:00", "20:00", 1]);
    const card = unpackCard(packed, DATES);
    expect(card.soon).toEqual({ text: "Ikväll 19:00", tone: "tonight", confirmed: true });
    expect(card.soonOn.Tisdag).toEqual({ text: "Ikväll 19:00", tone: "tonight", confirmed: true });
    expect(card.soonOn.Onsdag).toEqual({ text: "Imorgon 20:00", tone: "tomorrow" });
    // Yesterday's confirmation is not today's: the card is as without it.
    expect(packCard(view({ tonightConfirmedOn: "2026-11-30" }), DATES)).toEqual(packCard(view(), DATES));
  });

  it("cut a long description at a word, to what a card shows", () => {
    const long = `${"Sex ronder allmänbildning och en musikrunda. ".repeat(10)}Slut.`;
    const card = toCardEvent(view({ description: long }), DATES);
    expect(card.description.length).toBeLessThanOrEqual(CARD_DESCRIPTION_CHARS + 1);
    expect(card.description.endsWith("…")).toBe(true);
    expect(long.startsWith(card.description.slice(0, -1))).toBe(true);
    expect(card.description.slice(0, -1)).not.toMatch(/\s$/);
    expect(cardDescription("Kort.")).toBe("Kort.");
  });
});
