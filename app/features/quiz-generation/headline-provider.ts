import { numberDistractors, personDistractors, placeDistractors } from "./distractors";
import type { NewsItem } from "./feed";
import { type Blank, blankOut, findBlanks } from "./headline-blanks";
import { PLACE_KINDS, type PlaceKind } from "./names/place-names";
import type { GeneratedQuestion } from "./provider";
import { shuffle } from "./question-rules";

export const MIN_HEADLINE_QUESTIONS = 3;

const PREFERENCE: Record<Blank["kind"], number> = { person: 0, place: 1, number: 2 };

const QUESTION_NOUN: Record<Blank["kind"], string> = { person: "namn", place: "ord", number: "tal" };

function headlineQuestionText(title: string, blank: Blank): string {
  return `Vilket ${QUESTION_NOUN[blank.kind]} saknas i rubriken ”${blankOut(title, blank)}”?`;
}

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

/** A headline with no blankable word, or no two honest distractors for it, is skipped. */
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
    // Ties within a kind are broken at random.
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
