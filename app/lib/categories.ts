import { slugify } from "./slug";

export const QUIZ_CATEGORIES = [
  "AllmänQuiz",
  "NutidsQuiz",
  "BildQuiz",
  "MusikQuiz",
  "FilmQuiz",
  "SportQuiz",
  "GeografiQuiz",
  "HistorieQuiz",
  "KulturQuiz",
  "Mat & Dryck-Quiz",
  "VetenskapsQuiz",
  "TeknikQuiz",
  "TemaQuiz",
  "BarnQuiz",
  "SpråkQuiz",
  "TV-serieQuiz",
  "PubQuiz",
] as const;

export type QuizCategory = (typeof QUIZ_CATEGORIES)[number];

/** Pinned so a change to slugify never moves a URL. */
const CATEGORY_SLUGS: Record<QuizCategory, string> = {
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
};

function isQuizCategory(value: string): value is QuizCategory {
  return Object.hasOwn(CATEGORY_SLUGS, value);
}

export function categorySlug(category: string): string {
  return isQuizCategory(category) ? CATEGORY_SLUGS[category] : slugify(category);
}
