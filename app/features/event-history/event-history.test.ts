import { describe, expect, it } from "vitest";
import { diffEventRows, type HistoryRow, isUndoableField, parseNightField, sameValue } from "./event-history";
import { actorText, fieldLabel, valueText } from "./history-text";

const row = (overrides: Partial<HistoryRow> = {}): HistoryRow => ({
  title: "Quiz på Kajen",
  description: "Välkomna",
  imageUrl: null,
  city: "Göteborg",
  locationName: "Kajen",
  locationAddress: "Kajen, Göteborg",
  streetAddress: null,
  startTime: new Date("2026-12-01T18:00:00Z"),
  schedules: [{ weekday: "Tisdag", time: "19:00" }],
  recurrence: "weekly",
  recurrenceAnchor: "2026-11-01",
  recurrenceWeek: null,
  tags: ["Quiz"],
  maxPersonsPerTeam: 6,
  phone: null,
  email: null,
  website: null,
  instagram: null,
  entryFee: null,
  booking: null,
  bookingUrl: null,
  prize: null,
  difficulty: null,
  language: null,
  wheelchairAccessible: null,
  ...overrides,
});

describe("diffEventRows", () => {
  it("finds nothing between equal rows, also when only derived columns moved", () => {
    // The start time moves to the next night on every save; the schedule it comes from did not change.
    expect(diffEventRows(row(), row({ startTime: new Date("2026-12-08T18:00:00Z") }))).toEqual([]);
  });

  it("lists each changed field once with its before and after", () => {
    expect(
      diffEventRows(
        row(),
        row({
          title: "Quiz på Bryggan",
          maxPersonsPerTeam: 8,
          schedules: [{ weekday: "Onsdag", time: "19:00" }],
        }),
      ),
    ).toEqual([
      { field: "title", before: "Quiz på Kajen", after: "Quiz på Bryggan" },
      {
        field: "schedule",
        before: [{ weekday: "Tisdag", time: "19:00" }],
        after: [{ weekday: "Onsdag", time: "19:00" }],
      },
      { field: "teamSize", before: 6, after: 8 },
    ]);
  });

  it("reads the schedule of a row without rows from its start time, in Stockholm", () => {
    const changes = diffEventRows(
      row({ schedules: null }),
      row({ schedules: [{ weekday: "Tisdag", time: "19:00" }] }),
    );
    expect(changes).toEqual([]);
  });

  it("groups the location's columns and the rule's into one field each", () => {
    const changes = diffEventRows(
      row(),
      row({ streetAddress: "Hamngatan 1", recurrence: "monthly", recurrenceWeek: -1 }),
    );
    expect(changes.map((c) => c.field)).toEqual(["location", "recurrence"]);
  });

  it("records each fact as a field of its own, the booking together with its link", () => {
    const changes = diffEventRows(
      row({ entryFee: 40, difficulty: "easy" }),
      row({
        entryFee: 0,
        difficulty: "easy",
        booking: "required",
        bookingUrl: "https://boka.example/kajen",
        prize: "Presentkort",
        language: "en",
        wheelchairAccessible: false,
      }),
    );
    expect(changes).toEqual([
      { field: "entryFee", before: 40, after: 0 },
      { field: "booking", before: null, after: { mode: "required", url: "https://boka.example/kajen" } },
      { field: "prize", before: null, after: "Presentkort" },
      { field: "language", before: null, after: "en" },
      { field: "wheelchairAccessible", before: null, after: false },
    ]);
  });
});

describe("sameValue", () => {
  it("compares objects by their keys in any order and arrays in order", () => {
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ note: null }, null)).toBe(false);
  });
});

describe("labels and values in Swedish", () => {
  it("names fields and nights", () => {
    expect(fieldLabel("title")).toBe("Titel");
    expect(fieldLabel("teamSize")).toBe("Max personer per lag");
    expect(fieldLabel("cancelled:2026-12-04")).toBe("Inställd kväll 4 dec. 2026");
    expect(fieldLabel("extra:2026-12-24")).toBe("Extra kväll 24 dec. 2026");
    expect(parseNightField("cancelled:2026-12-4")).toBeNull();
    expect(
      ["entryFee", "booking", "prize", "difficulty", "language", "wheelchairAccessible"].map(fieldLabel),
    ).toEqual(["Inträde", "Bokning", "Vinst", "Svårighet", "Språk", "Rullstolsanpassat"]);
  });

  it("writes values readably", () => {
    expect(
      valueText("schedule", [
        { weekday: "Tisdag", time: "19:00" },
        { weekday: "Torsdag", time: "20:00" },
      ]),
    ).toBe("Tisdag 19:00, Torsdag 20:00");
    expect(valueText("recurrence", { rule: "biweekly", anchor: "2026-12-01", week: null })).toBe(
      "Varannan vecka, från 1 dec. 2026",
    );
    expect(valueText("recurrence", { rule: "monthly", anchor: "2026-12-01", week: -1 })).toBe(
      "Månadsvis, sista veckan",
    );
    expect(valueText("teamSize", null)).toBe("Ingen gräns");
    expect(valueText("teamSize", 6)).toBe("6 personer");
    expect(valueText("phone", null)).toBe("(tomt)");
    expect(valueText("cancelled:2026-12-04", { note: "Julfest" })).toBe("Inställd – Julfest");
    expect(valueText("cancelled:2026-12-04", null)).toBe("Inte inställd");
    expect(valueText("extra:2026-12-04", { time: "18:00", note: null })).toBe("Kl. 18:00");
    expect(
      valueText("location", { name: "Kajen", address: "https://maps.example/kajen", street: "Hamngatan 1" }),
    ).toBe("Kajen · Hamngatan 1 · https://maps.example/kajen");
  });

  it("writes the facts as the event page and form do, an unknown fact as Vet ej", () => {
    expect(valueText("entryFee", 0)).toBe("Gratis");
    expect(valueText("entryFee", 40)).toBe("40 kr per person");
    expect(valueText("entryFee", null)).toBe("Vet ej");
    expect(valueText("booking", { mode: "required", url: "https://boka.example/kajen" })).toBe(
      "Bokning krävs · https://boka.example/kajen",
    );
    expect(valueText("booking", { mode: "none", url: null })).toBe("Ingen bokning");
    expect(valueText("booking", null)).toBe("Vet ej");
    expect(valueText("prize", "Presentkort")).toBe("Presentkort");
    expect(valueText("difficulty", "hard")).toBe("Svår");
    expect(valueText("language", "en")).toBe("Engelska");
    expect(valueText("wheelchairAccessible", true)).toBe("Ja");
    expect(valueText("wheelchairAccessible", false)).toBe("Nej");
    expect(valueText("wheelchairAccessible", null)).toBe("Vet ej");
  });

  it("says who changed it", () => {
    expect(actorText({ actorRole: "system", actorName: null, actorEmail: null })).toBe("System");
    expect(actorText({ actorRole: "admin", actorName: "Ada", actorEmail: "ada@example.se" })).toBe(
      "Ada (ada@example.se), admin",
    );
    expect(actorText({ actorRole: "host", actorName: null, actorEmail: null })).toBe(
      "Borttaget konto (quizvärd)",
    );
  });

  it("offers undo for every field but the image and the creation", () => {
    expect(isUndoableField("title")).toBe(true);
    expect(isUndoableField("cancelled:2026-12-04")).toBe(true);
    expect(isUndoableField("booking")).toBe(true);
    expect(isUndoableField("image")).toBe(false);
    expect(isUndoableField("created")).toBe(false);
  });
});
