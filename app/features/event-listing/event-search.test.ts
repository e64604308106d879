import { describe, expect, it } from "vitest";
import { fold, matchesSearch, weekdayInQuery } from "./event-search";

const event = {
  title: "Fredagsquiz",
  city: "Malmö" as const,
  location: "Puben på hörnet",
  description: "Sex ronder och en musikrunda",
  weekday: "Fredag" as const,
  schedules: [],
};

describe("event search", () => {
  it("ignores case and accents", () => {
    expect(matchesSearch(event, fold("malmo"), undefined)).toBe(true);
    expect(matchesSearch(event, fold("MALMÖ"), undefined)).toBe(true);
    expect(matchesSearch(event, fold("hörnet"), undefined)).toBe(true);
    expect(matchesSearch(event, fold("Göteborg"), undefined)).toBe(false);
  });

  it("reads a weekday's name in its plural and definite forms", () => {
    expect(weekdayInQuery("fredagar")).toBe("Fredag");
    expect(weekdayInQuery("LÖRDAGEN")).toBe("Lördag");
    expect(weekdayInQuery("quiz")).toBeUndefined();
    expect(matchesSearch({ ...event, title: "Quiz" }, fold("fredag"), "Fredag")).toBe(true);
  });

  it("searches the description as far as a card shows it, so the server's page and the browser agree", () => {
    const long = { ...event, description: `${"Allmänbildning och musik. ".repeat(10)}Hemlig bonusrunda.` };
    expect(matchesSearch(long, fold("allmänbildning"), undefined)).toBe(true);
    expect(matchesSearch(long, fold("bonusrunda"), undefined)).toBe(false);
  });
});
