import { numberDistractors, personDistractors, placeDistractors } from "./distractors";
import type { NewsItem } from "./feed";
import { type Blank, blankOut, findBlanks } from "./headline-blanks";
import { PLACE_KINDS, type PlaceKind } from "./names/place-names";
import type { GeneratedQuestion } from "./provider";
import { shuffle } from "./question-rules";

/** Fewer usable headlines than this and the quiz is drawn from the question bank instead. */
export const MIN_HEADLINE_QUESTIONS = 3;

/** A person or a place says more about the week's news than a number: they are asked about first. */
const PREFERENCE: Record<Blank["kind"], number> = { person: 0, place: 1, number: 2 };

const QUESTION_NOUN: Record<Blank["kind"], string> = { person: "namn", place: "ord", number: "tal" };

function headlineQuestionText(title: string, blank: Blank): string {
  return `Vilket ${QUESTION_NOUN[blank.kind]} saknas i rubriken ”${blankOut(title, blank)}”?`;
}

/** The week's people and listed places, so distractors can be topical before they are merely plausible. */
function weekPools(blanksByItem: Blank[][]) {
  const places = Object.fromEntries(PLACE_KINDS.map((k) => [k, new Set<string>()])) as Record<
    PlaceKind,
    Set<string>
  >;
  const people = new Set<string>();
  for (const blanks of blanksByItem) {
    for (const blank of blanks) {
      if (blank.kind === "person") people.add(blank.text);
      if (blank.kind === "place") for (const kind of blank.placeKinds) places[kind].add(blank.base);
    }
  }
  return { places, people };
}

function distractorsFor(
  blank: Blank,
  title: string,
  pools: ReturnType<typeof weekPools>,
  random: () => number,
) {
  if (blank.kind === "person") return personDistractors(blank, title, pools, random);
  if (blank.kind === "place") return placeDistractors(blank, title, pools, random);
  return numberDistractors(blank, title, random);
}

/**
 * The provider without a language model: one "Vilket ord saknas i rubriken …?" question per headline. The
 * missing word and its two distractors are of one kind: a person among the week's other people, a place
 * from the shipped lists of the same kind (a municipality, a country, a capital), or a number near the right
 * one with its precision. A headline with no such word, or no two honest distractors for it, is skipped.
 * At most `count` questions, newest items first.
 */
export function buildHeadlineQuestions(
  items: NewsItem[],
  count: number,
  random: () => number,
): GeneratedQuestion[] {
  const blanksByItem = items.map((item) => findBlanks(item.title));
  const pools = weekPools(blanksByItem);
  const questions: GeneratedQuestion[] = [];
  for (const [index, item] of items.entries()) {
    if (questions.length >= count) break;
    // blanksByItem has one entry per item. Ties within a kind are broken at random.
    const candidates = shuffle(blanksByItem[index]!, random).sort(
      (a, b) => PREFERENCE[a.kind] - PREFERENCE[b.kind],
    );
    for (const blank of candidates) {
      const distractors = distractorsFor(blank, item.title, pools, random);
      if (!distractors) continue;
      questions.push({
        questionText: headlineQuestionText(item.title, blank),
        options: [blank.text, ...distractors],
        correct: 0,
        source: { url: item.link, outlet: item.outlet, publishedAt: item.publishedAt },
        bankId: null,
      });
      break;
    }
  }
  return questions;
}
