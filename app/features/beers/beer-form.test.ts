import { describe, expect, it } from "vitest";
import { beerFlashMessage, decodeBeerFlash, encodeBeerFlash, returnPathOf } from "./beer-form";
import { BEER_ADDRESS_LIMIT_MESSAGE } from "./beer-rules";

const EVENT = "0b7c2f4e-1d3a-4c5b-9e8f-7a6b5c4d3e2f";

describe("the skåla form's notice", () => {
  it("reads back what it wrote, for every outcome", () => {
    for (const flash of [
      { eventId: EVENT, outcome: "accepted", count: 63 },
      { eventId: EVENT, outcome: "cooldown", minutes: 42 },
      { eventId: EVENT, outcome: "address-limit" },
      { eventId: EVENT, outcome: "rate-limited" },
      { eventId: "", outcome: "unknown-event" },
    ] as const)
      expect(decodeBeerFlash(encodeBeerFlash(flash))).toEqual(flash);
  });

  it("ignores a code that is not one of its own", () => {
    for (const code of [null, "", "beer.party.x.1", `beer.accepted.${EVENT}.`, `quiz.accepted.${EVENT}.1`])
      expect(decodeBeerFlash(code)).toBeNull();
  });

  it("says what the button says", () => {
    expect(beerFlashMessage({ eventId: EVENT, outcome: "accepted", count: 1 })).toBe(
      "Skål! 🍻 Din skål är räknad.",
    );
    expect(beerFlashMessage({ eventId: EVENT, outcome: "cooldown", minutes: 42 })).toBe(
      "Du får vänta 42 minuter innan du kan skåla här igen! 🍻",
    );
    expect(beerFlashMessage({ eventId: EVENT, outcome: "address-limit" })).toBe(BEER_ADDRESS_LIMIT_MESSAGE);
  });
});

describe("returnPathOf", () => {
  it("keeps a path of this site with its query", () => {
    expect(returnPathOf("/quiz/goteborg?weekdays=tisdag")).toBe("/quiz/goteborg?weekdays=tisdag");
  });

  it("sends anything that could lead elsewhere home", () => {
    for (const value of [
      "//evil.example/",
      "/\\evil.example",
      "https://evil.example/",
      "quiz",
      "/a\nb",
      null,
      3,
    ])
      expect(returnPathOf(value)).toBe("/");
  });
});
