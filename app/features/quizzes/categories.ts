/** The spec's quiz categories (§3), in the spec's order. The database check constraint holds the same list. */
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

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: "Lätt",
  medium: "Medel",
  hard: "Svår",
};

export const NUTIDSQUIZ_CATEGORY: QuizCategory = "NutidsQuiz";

export function isQuizCategory(value: string): value is QuizCategory {
  return (QUIZ_CATEGORIES as readonly string[]).includes(value);
}

export function difficultyLabel(value: string): string {
  return DIFFICULTY_LABELS[value as Difficulty] ?? value;
}
