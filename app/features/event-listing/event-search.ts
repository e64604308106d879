import type { CardFacts, EventView } from "~/features/events/public";
import { cardDescription, cardFactLabels, eventWeekdays, sortedOnce } from "~/features/events/public";
import { categorySlug } from "~/lib/categories";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import { isWithinEdits } from "./edit-distance";

type Searchable = Pick<EventView, "title" | "city" | "weekday" | "schedules"> &
  Partial<Pick<EventView, "location" | "description" | "streetAddress">> & {
    quizType?: readonly string[];
    facts?: CardFacts;
  };

const MARKS = /\p{M}/gu;

/** Lower case without accents: "Malmö" → "malmo", "Åre" → "are". */
function fold(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(MARKS, "");
}

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (texts: readonly string[]) => [...new Set(texts.flatMap((t) => t.match(WORD) ?? []))];

/** Labels are few and shared: each is folded and asked once per keystroke, not once per event. */
type Label = { text: string; words: string[] };
const labels: Label[] = [];
const labelIds = new Map<string, number>();

function labelId(key: string, text: () => string): number {
  let id = labelIds.get(key);
  if (id === undefined) {
    const folded = text();
    id = labels.push({ text: folded, words: wordsOf([folded]) }) - 1;
    labelIds.set(key, id);
  }
  return id;
}

/** A category as typed: slug words, joined, without "quiz" ("MusikQuiz" → "musikquiz musik"). */
function categoryForms(category: string): string {
  const slug = categorySlug(category);
  const together = slug.replaceAll("-", "");
  return [...new Set([slug.replaceAll("-", " "), together, together.replace(/quiz$/, "")])]
    .filter(Boolean)
    .join(" ");
}

function factTexts(facts: CardFacts): string[] {
  const texts = cardFactLabels(facts);
  return facts.entryFee === 0 ? [...texts, "Gratis inträde"] : texts;
}

type Fields = {
  texts: string[];
  words: string[];
  labels: number[];
};

/** Each event's folded search fields, computed once per event object (a keystroke only folds the needle). */
const haystacks = new WeakMap<object, Fields>();
function fieldsOf(e: Searchable): Fields {
  let fields = haystacks.get(e);
  if (!fields) {
    const description = e.description && cardDescription(e.description);
    const named = [e.title, e.location, e.streetAddress, e.city].filter((f): f is string => !!f).map(fold);
    const types = (e.quizType ?? []).map((t) => labelId(`type:${t}`, () => categoryForms(t)));
    const facts = e.facts ? factTexts(e.facts).map((f) => labelId(`fact:${f}`, () => fold(f))) : [];
    fields = {
      texts: description ? [...named, fold(description)] : named,
      words: wordsOf(named),
      labels: [...types, ...facts],
    };
    haystacks.set(e, fields);
  }
  return fields;
}

export function weekdayInQuery(needle: string): Weekday | undefined {
  const word = fold(needle).replace(/(ar|en)$/, "");
  return WEEKDAYS.find((w) => fold(w) === word);
}

/** Typos a word of this length may have: none below four letters, one up to seven, two from eight. */
function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** The needle, folded once per keystroke; `answers` caches each label's verdict: 1 found, 2 not. */
export type Needle = { text: string; words: string[]; answers: number[][] };

export function toNeedle(query: string): Needle {
  const text = fold(query.trim());
  const words = text.match(WORD) ?? [];
  return { text, words, answers: Array.from({ length: words.length + 1 }, () => []) };
}

function labelHas(needle: Needle, i: number, id: number): boolean {
  const answers = needle.answers[i] as number[];
  let answer = answers[id];
  if (answer === undefined) {
    const label = labels[id] as Label;
    const part = needle.words[i] ?? needle.text;
    const max = i < needle.words.length ? allowedTypos(part.length) : 0;
    const found =
      label.text.includes(part) || (max > 0 && label.words.some((w) => isWithinEdits(part, w, max)));
    answer = found ? 1 : 2;
    answers[id] = answer;
  }
  return answer === 1;
}

function hasWord(fields: Fields, needle: Needle, i: number): boolean {
  const word = needle.words[i] as string;
  if (fields.texts.some((f) => f.includes(word))) return true;
  if (fields.labels.some((id) => labelHas(needle, i, id))) return true;
  const max = allowedTypos(word.length);
  return max > 0 && fields.words.some((w) => isWithinEdits(word, w, max));
}

export function matchesSearch(e: Searchable, needle: Needle | string, weekday: Weekday | undefined): boolean {
  if (weekday !== undefined && eventWeekdays(e).has(weekday)) return true;
  const n = typeof needle === "string" ? toNeedle(needle) : needle;
  const fields = fieldsOf(e);
  if (fields.texts.some((f) => f.includes(n.text))) return true;
  if (fields.labels.some((id) => labelHas(n, n.words.length, id))) return true;
  return n.words.length > 0 && n.words.every((_, i) => hasWord(fields, n, i));
}

export function searchEvents<T extends Searchable>(events: readonly T[], q: string): readonly T[] {
  const needle = toNeedle(q);
  if (!needle.text) return events;
  const weekday = weekdayInQuery(needle.text);
  return events.filter((e) => matchesSearch(e, needle, weekday));
}

/** Folds and sorts a list ahead of the first keystroke (call when the browser is idle). */
export function prepareSearch(events: readonly (Searchable & Pick<EventView, "isNew">)[]): void {
  for (const e of sortedOnce(events)) fieldsOf(e);
}
