import { type Blank, findBlanks } from "~/features/quiz-generation/headline-blanks";
import { isFirstName, placeKindsOf } from "~/features/quiz-generation/names/place-names";

/**
 * What kind of thing an option is, judged on the option alone: a number (with its precision and unit), a
 * year, a place of a listed kind, or a person (a known first name and a surname). Three options are "of one
 * kind" when they share a kind; a word that is none of these shares nothing. Used to measure headline
 * questions (bench/headline-kinds.ts) and to hold the generator to it in tests; the numbers are read as the
 * generator reads a headline's.
 */
export function optionKinds(option: string): Set<string> {
  const text = option.trim();
  const numberMatch = /^(\d[\d \u00a0]*(?:[.,]\d+)?)(?:\s+(\p{L}+|%))?$/u.exec(text);
  if (numberMatch) {
    const digits = numberMatch[1] ?? "";
    const number = findBlanks(digits).find(
      (b): b is Extract<Blank, { kind: "number" }> => b.kind === "number" && b.text === digits.trim(),
    )?.number;
    if (number) {
      const unit = numberMatch[2] ?? "";
      return new Set([number.isYear && !unit ? "year" : `number/${number.decimals}/${unit}`]);
    }
  }
  const kinds = new Set<string>();
  for (const kind of placeKindsOf(text)) kinds.add(`place/${kind}`);
  if (text.endsWith("s"))
    for (const kind of placeKindsOf(text.slice(0, -1))) kinds.add(`place/${kind}/genitive`);
  if (/[sxz]$/.test(text)) for (const kind of placeKindsOf(text)) kinds.add(`place/${kind}/genitive`);
  const words = text.split(/\s+/);
  if (words.length >= 2 && isFirstName(words[0] ?? "") && words.slice(1).every((w) => /^\p{Lu}/u.test(w)))
    kinds.add("person");
  return kinds;
}

/** True when every option shares at least one kind. */
export function isOneKind(options: readonly string[]): boolean {
  const [first, ...rest] = options.map(optionKinds);
  if (!first) return false;
  return [...first].some((kind) => rest.every((kinds) => kinds.has(kind)));
}
