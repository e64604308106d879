import { describe, expect, it } from "vitest";
import { categorySlug, QUIZ_CATEGORIES } from "./categories";

describe("category slugs", () => {
  it("maps every category to its fixed slug", () => {
    expect(Object.fromEntries(QUIZ_CATEGORIES.map((c) => [c, categorySlug(c)]))).toEqual({
      AllmänQuiz: "allmanquiz",
      NutidsQuiz: "nutidsquiz",
      BildQuiz: "bildquiz",
      MusikQuiz: "musikquiz",
      FilmQuiz: "filmquiz",
      SportQuiz: "sportquiz",
      GeografiQuiz: "geografiquiz",
      HistorieQuiz: "historiequiz",
      KulturQuiz: "kulturquiz",
      "Mat & Dryck-Quiz": "mat-dryck-quiz",
      VetenskapsQuiz: "vetenskapsquiz",
      TeknikQuiz: "teknikquiz",
      TemaQuiz: "temaquiz",
      BarnQuiz: "barnquiz",
      SpråkQuiz: "sprakquiz",
      "TV-serieQuiz": "tv-seriequiz",
      PubQuiz: "pubquiz",
    });
    expect(QUIZ_CATEGORIES).toHaveLength(17);
  });

  it("uses the general slug rule for any other category", () => {
    expect(categorySlug("Årets Öl-quiz!")).toBe("arets-ol-quiz");
    expect(categorySlug("  Jul & Nyår  ")).toBe("jul-nyar");
  });
});
