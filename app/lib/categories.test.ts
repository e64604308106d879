import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS, categoryBySlug, categorySlug, QUIZ_CATEGORIES } from "./categories";

describe("category slugs", () => {
  it("maps every category to its fixed slug", () => {
    expect(CATEGORY_SLUGS).toEqual({
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
    for (const c of QUIZ_CATEGORIES) expect(categorySlug(c)).toBe(CATEGORY_SLUGS[c]);
  });

  it("uses the general slug rule for any other category", () => {
    expect(categorySlug("Årets Öl-quiz!")).toBe("arets-ol-quiz");
    expect(categorySlug("  Jul & Nyår  ")).toBe("jul-nyar");
  });

  it("finds the category of a slug", () => {
    expect(categoryBySlug("mat-dryck-quiz")).toBe("Mat & Dryck-Quiz");
    expect(categoryBySlug("sprakquiz")).toBe("SpråkQuiz");
    expect(categoryBySlug("okand")).toBeUndefined();
  });
});
