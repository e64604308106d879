import type { GeneratedQuestion } from "./provider";
import { normalizeText, shuffle } from "./question-rules";
import type { NewsItem } from "./rss";

/** A word of a headline that can be blanked out: a proper noun (name) or a number. */
type Blank = { word: string; kind: "name" | "number" | "year" };

export const BLANK = "___";
/** Fewer usable headlines than this and the quiz is drawn from the question bank instead. */
export const MIN_HEADLINE_QUESTIONS = 3;

/** A number ("16 000", "1,75") or a word (letters and digits, inner hyphens). */
const TOKEN =
  /(?<![\p{L}\p{N}])\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?(?![\p{L}\p{N}])|[\p{L}\p{N}][\p{L}\p{N}\-–]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
const NUMBER = /^\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?$/;

/**
 * The blankable words of a headline. A name is a capitalised word that does not start the headline or a
 * sentence/clause in it (those are capitalised anyway); a number is a run of digits (with a decimal part).
 */
export function findBlanks(title: string): Blank[] {
  const blanks: Blank[] = [];
  for (const match of title.matchAll(TOKEN)) {
    const word = match[0];
    const index = match.index ?? 0;
    if (NUMBER.test(word)) {
      // Years get years as distractors, other numbers other numbers.
      blanks.push({ word, kind: /^(1[89]|20)\d\d$/.test(word) ? "year" : "number" });
      continue;
    }
    if (!/^\p{Lu}/u.test(word) || /\d/.test(word)) continue;
    if (word.length < 3 && !/^\p{Lu}+$/u.test(word)) continue;
    const before = title.slice(0, index).trimEnd();
    if (before === "" || /[:.!?–—"”'»]$/.test(before)) continue;
    blanks.push({ word, kind: "name" });
  }
  return blanks;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The headline with the first whole-word occurrence of `word` replaced by ___. */
export function blankOut(title: string, word: string): string {
  return title.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "u"), BLANK);
}

export function headlineQuestionText(title: string, blank: Blank): string {
  const noun = blank.kind === "name" ? "ord" : "tal";
  return `Vilket ${noun} saknas i rubriken ”${blankOut(title, blank.word)}”?`;
}

/**
 * The provider without a language model: one "Vilket ord saknas i rubriken …?" question per headline, the
 * missing name or number as the answer and two distractors of the same kind taken from the week's other
 * headlines (never a word that is still in the question's own headline). Headlines without such a word, or
 * without two distractors of its kind, are skipped. At most `count` questions, newest items first.
 */
export function buildHeadlineQuestions(
  items: NewsItem[],
  count: number,
  random: () => number,
): GeneratedQuestion[] {
  const pools = {
    name: new Map<string, string>(),
    number: new Map<string, string>(),
    year: new Map<string, string>(),
  };
  const blanksByItem = items.map((item) => findBlanks(item.title));
  for (const blanks of blanksByItem) for (const b of blanks) pools[b.kind].set(normalizeText(b.word), b.word);

  const questions: GeneratedQuestion[] = [];
  for (const [index, item] of items.entries()) {
    if (questions.length >= count) break;
    const titleWords = new Set(Array.from(item.title.matchAll(TOKEN), (m) => normalizeText(m[0])));
    // Prefer names (more telling than numbers), then the rarer word; ties broken at random.
    // blanksByItem has one entry per item.
    const candidates = shuffle(blanksByItem[index]!, random).sort(
      (a, b) => Number(a.kind !== "name") - Number(b.kind !== "name"),
    );
    for (const blank of candidates) {
      const answerKey = normalizeText(blank.word);
      const distractors = shuffle(
        [...pools[blank.kind].entries()].filter(([key]) => key !== answerKey && !titleWords.has(key)),
        random,
      )
        .slice(0, 2)
        .map(([, word]) => word);
      const [first, second] = distractors;
      if (first === undefined || second === undefined) continue;
      questions.push({
        questionText: headlineQuestionText(item.title, blank),
        options: [blank.word, first, second],
        correct: 0,
        source: { url: item.link, outlet: item.outlet, publishedAt: item.publishedAt },
        bankId: null,
      });
      break;
    }
  }
  return questions;
}
