import { describe, expect, it } from "vitest";
import { allowedTypos, fold, isWithinEdits, matchesSearch, weekdayInQuery } from "./event-search";

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
    expect(fold("Göteborg Åre Malmö")).toBe("goteborg are malmo");
    expect(matchesSearch({ ...event, city: "Göteborg" }, "goteborg", undefined)).toBe(true);
    expect(matchesSearch({ ...event, city: "Göteborg" }, "GÖTEBORG", undefined)).toBe(true);
  });

  it("forgives one typo in a word of four to seven letters and two from eight letters on", () => {
    const svanevik = { ...event, title: "Quiz på Svanevik", location: "Kompassen" };
    for (const query of ["svanvik", "svanevk", "svaenvik", "kompasen", "kmopassen", "kompasen svanevk"])
      expect(matchesSearch(svanevik, query, undefined), query).toBe(true);
    for (const query of ["svan vik zz", "kompis", "svnvk", "zqx", "kompassen göteborg"])
      expect(matchesSearch(svanevik, query, undefined), query).toBe(false);
    expect([3, 4, 7, 8, 12].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
  });

  it("counts edits, with a swap of neighbours as one", () => {
    expect(isWithinEdits("kompasen", "kompassen", 1)).toBe(true);
    expect(isWithinEdits("abcd", "bacd", 1)).toBe(true);
    expect(isWithinEdits("abcd", "badc", 1)).toBe(false);
    expect(isWithinEdits("abcd", "badc", 2)).toBe(true);
    expect(isWithinEdits("quiz", "quizkväll", 2)).toBe(false);
    expect(isWithinEdits("", "ab", 2)).toBe(true);
    expect(isWithinEdits("stockholm", "stokholm", 1)).toBe(true);
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
