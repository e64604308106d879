// The category list lives once, with its fixed URL slugs, in lib (the database check constraint holds the same list).
import { QUIZ_CATEGORIES, type QuizCategory } from "~/lib/categories";

export { QUIZ_CATEGORIES, type QuizCategory };

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: "Lätt",
  medium: "Medel",
  hard: "Svår",
};

export const NUTIDSQUIZ_CATEGORY: QuizCategory = "NutidsQuiz";

export function difficultyLabel(value: string): string {
  return DIFFICULTY_LABELS[value as Difficulty] ?? value;
}
