import { describe, expect, it } from "vitest";
import type { CardFacts } from "~/features/events/public";
import { matchesSearch, searchEvents, toNeedle, weekdayInQuery } from "./event-search";

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
    expect(matchesSearch(event, "malmo", undefined)).toBe(true);
    expect(matchesSearch(event, "MALMÖ", undefined)).toBe(true);
    expect(matchesSearch(event, "hörnet", undefined)).toBe(true);
    expect(matchesSearch(event, "Göteborg", undefined)).toBe(false);
    expect(toNeedle("Göteborg Åre Malmö").text).toBe("goteborg are malmo");
    expect(matchesSearch({ ...event, city: "Göteborg" }, "goteborg", undefined)).toBe(true);
    expect(matchesSearch({ ...event, city: "Göteborg" }, "GÖTEBORG", undefined)).toBe(true);
  });

  it("forgives one typo in a word of four to seven letters and two from eight letters on", () => {
    const svanevik = { ...event, title: "Quiz på Svanevik", location: "Kompassen" };
    for (const query of ["svanvik", "svanevk", "svaenvik", "kompasen", "kmopassen", "kompasen svanevk"])
      expect(matchesSearch(svanevik, query, undefined), query).toBe(true);
    for (const query of ["svan vik zz", "kompis", "svnvk", "zqx", "kompassen göteborg"])
      expect(matchesSearch(svanevik, query, undefined), query).toBe(false);
    // A word of n letters found with k of them replaced.
    const foundWith = (word: string, k: number) =>
      matchesSearch(
        { ...event, title: word, location: word, description: "" },
        word.slice(0, word.length - k) + "q".repeat(k),
        undefined,
      );
    const forgiven = (word: string) => [0, 1, 2, 3].filter((k) => foundWith(word, k)).length - 1;
    expect(["ost", "bord", "kompass", "stranden", "kvarterskrog"].map(forgiven)).toEqual([0, 1, 1, 2, 2]);
  });

  it("reads a weekday's name in its plural and definite forms", () => {
    expect(weekdayInQuery("fredagar")).toBe("Fredag");
    expect(weekdayInQuery("LÖRDAGEN")).toBe("Lördag");
    expect(weekdayInQuery("quiz")).toBeUndefined();
    expect(matchesSearch({ ...event, title: "Quiz" }, "fredag", "Fredag")).toBe(true);
  });

  it("searches the description as far as a card shows it, so the server's page and the browser agree", () => {
    const long = { ...event, description: `${"Allmänbildning och musik. ".repeat(10)}Hemlig bonusrunda.` };
    expect(matchesSearch(long, "allmänbildning", undefined)).toBe(true);
    expect(matchesSearch(long, "bonusrunda", undefined)).toBe(false);
  });
});

describe("search over what a visitor knows", () => {
  const noFacts: CardFacts = {
    entryFee: null,
    booking: null,
    difficulty: null,
    language: null,
    wheelchairAccessible: null,
  };
  const night = (title: string, more: Partial<Parameters<typeof matchesSearch>[0]> = {}) => ({
    ...event,
    title,
    location: title,
    description: "Sex ronder",
    streetAddress: null,
    quizType: ["Quiz"],
    facts: noFacts,
    ...more,
  });
  // Only two of the three music quizzes say so in their title.
  const spinn = night("Musikquiz på Vinylbaren Spinn", { quizType: ["MusikQuiz"] });
  const grammofon = night("Stora musikquizet på Salongen Grammofon", {
    quizType: ["MusikQuiz"],
    streetAddress: "Grammofongatan 11",
  });
  const perrongen = night("Quiz och hits på Perrongen", { quizType: ["Quiz", "MusikQuiz"] });
  const ankarljus = night("Hamnquizet på Ankarljus", {
    city: "Göteborg",
    streetAddress: "Ankarljusgatan 21",
    facts: { ...noFacts, entryFee: 0, booking: "none", language: "en", wheelchairAccessible: true },
  });
  const kopparkitteln = night("Källarquiz i Kopparkitteln", {
    city: "Stockholm",
    streetAddress: "Kittelgränd 14",
    facts: { ...noFacts, entryFee: 60, difficulty: "hard", language: "sv", wheelchairAccessible: false },
  });
  const all = [spinn, grammofon, perrongen, ankarljus, kopparkitteln];
  const found = (q: string) => searchEvents(all, q).map((e) => e.title);

  it("finds every night of a quiz type by the type's name, whatever its title says", () => {
    const music = [spinn.title, grammofon.title, perrongen.title];
    for (const q of ["musikquiz", "MusikQuiz", "musik", "musik quiz", "musik-quiz", "musikquizet"])
      expect(found(q), q).toEqual(music);
    expect(found("quiz")).toEqual(all.map((e) => e.title));
  });

  it("reads any category of the category list in its forms", () => {
    const matDryck = night("Kvällsquiz", { quizType: ["Mat & Dryck-Quiz"] });
    for (const q of ["mat dryck quiz", "matdryckquiz", "matdryck", "Mat & Dryck-Quiz"])
      expect(matchesSearch(matDryck, q, undefined), q).toBe(true);
    const bild = night("Kvällsquiz", { quizType: ["BildQuiz"] });
    for (const q of ["bildquiz", "BildQuiz", "bild", "bildquizet"])
      expect(matchesSearch(bild, q, undefined), q).toBe(true);
    expect(matchesSearch(bild, "musikquiz", undefined)).toBe(false);
    const språk = night("Kvällsquiz", { quizType: ["SpråkQuiz"] });
    expect(matchesSearch(språk, "språkquiz", undefined)).toBe(true);
    expect(matchesSearch(språk, "sprakquiz", undefined)).toBe(true);
  });

  it("finds a street, in part, with å/ä/ö folded and a typo forgiven", () => {
    expect(found("Grammofongatan")).toEqual([grammofon.title]);
    expect(found("grammofongatan 11")).toEqual([grammofon.title]);
    expect(found("kittelgrand")).toEqual([kopparkitteln.title]);
    expect(found("KITTELGRÄND 14")).toEqual([kopparkitteln.title]);
    expect(found("grammofongtan")).toEqual([grammofon.title]);
    expect(found("ankarljusgatan stockholm")).toEqual([]);
  });

  it("finds the facts a card states: the language, a free quiz, wheelchair access", () => {
    expect(found("engelska")).toEqual([ankarljus.title]);
    expect(found("på engelska")).toEqual([ankarljus.title]);
    expect(found("PÅ ENGELSKA")).toEqual([ankarljus.title]);
    expect(found("pa engelska")).toEqual([ankarljus.title]);
    expect(found("engleska")).toEqual([ankarljus.title]);
    expect(found("svenska")).toEqual([kopparkitteln.title]);
    expect(found("gratis")).toEqual([ankarljus.title]);
    expect(found("gratis inträde")).toEqual([ankarljus.title]);
    expect(found("inträde")).toEqual([ankarljus.title, kopparkitteln.title]);
    expect(found("rullstol")).toEqual([ankarljus.title]);
    expect(found("rullstolsanpassat")).toEqual([ankarljus.title]);
    expect(found("ingen bokning")).toEqual([ankarljus.title]);
    expect(found("svår")).toEqual([kopparkitteln.title]);
    // Combined with the place: every word must be found somewhere.
    expect(found("engelska göteborg")).toEqual([ankarljus.title]);
    expect(found("engelska stockholm")).toEqual([]);
    // An unknown fact is not claimed: nothing says these are free or in English.
    expect(found("gratis musik")).toEqual([]);
  });
});
