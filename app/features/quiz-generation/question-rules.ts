import { z } from "zod";
import type { GeneratedQuestion } from "./provider";

export function normalizeText(text: string): string {
  return text
    .toLocaleLowerCase("sv-SE")
    .replace(/\s+/g, " ")
    .replace(/[?.!\s]+$/g, "")
    .trim();
}

/** Seeded by `random`, so tests can make it repeatable. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Spreads correct answers evenly over A, B and C; the other two options keep their order. */
export function spreadCorrectAnswers(
  questions: GeneratedQuestion[],
  random: () => number,
): GeneratedQuestion[] {
  const positions = shuffle(
    questions.map((_, i) => i % 3),
    random,
  );
  return questions.map((question, i) => {
    const right = question.options[question.correct]!;
    const position = positions[i]!;
    const wrong = question.options.filter((_, index) => index !== question.correct);
    const options = [...wrong];
    options.splice(position, 0, right);
    return { ...question, options: options as [string, string, string], correct: position };
  });
}

const text = (max: number) => z.string().trim().min(1).max(max);

export const modelOutputSchema = z.object({
  questions: z
    .array(
      z.object({
        question: text(500),
        options: z.array(text(200)).length(3, "exactly three options"),
        correct: z.number().int().min(0).max(2),
        source: z.url(),
      }),
    )
    .min(1),
});

export type ModelOutput = z.output<typeof modelOutputSchema>;

/** An empty list means the questions may be stored. */
export function findQuestionProblems(
  questions: ModelOutput["questions"],
  options: { allowedSources: Set<string>; existingQuestions: Set<string>; needed: number },
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, q] of questions.entries()) {
    const label = `fråga ${index + 1}`;
    const distinct = new Set(q.options.map(normalizeText));
    if (distinct.size !== 3) problems.push(`${label} har inte tre olika svarsalternativ`);
    const key = normalizeText(q.question);
    if (seen.has(key)) problems.push(`${label} förekommer två gånger`);
    if (options.existingQuestions.has(key)) problems.push(`${label} finns redan i ett tidigare quiz`);
    seen.add(key);
    if (!options.allowedSources.has(q.source))
      problems.push(`${label} har en källa som inte finns bland rubrikerna`);
  }
  if (questions.length < options.needed) {
    problems.push(`modellen gav ${questions.length} frågor, ${options.needed} behövs`);
  }
  return problems;
}
