import type { EventView } from "~/features/events/public";
import { cardDescription, eventWeekdays } from "~/features/events/public";
import { WEEKDAYS, type Weekday } from "~/lib/time";

/**
 * The home page's search: title, place, city and the description as a card shows it, or the name of a
 * weekday. Forgiving: case and accents are folded ("goteborg" finds Göteborg), every word of the text must
 * be found, and a word of four letters or more may be one typo off a word of the title or the place (two
 * from eight letters on), so "svanevk" finds Svanevik and "kompasen" Kompassen.
 */
type Searchable = Pick<EventView, "title" | "city" | "weekday" | "schedules"> &
  Partial<Pick<EventView, "location" | "description">>;

const MARKS = /\p{M}/gu;

/**
 * Lower case without accents: "Malmö" → "malmo", "Åre" → "are". Plain toLowerCase equals Swedish
 * lower-casing (only Turkish, Azeri and Lithuanian differ) and is far cheaper than the locale-aware call,
 * which matters on every keystroke over thousands of events.
 */
export function fold(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(MARKS, "");
}

type Fields = {
  /** Title, place, city and description, folded. */
  texts: string[];
  /** The distinct words of the title, the place and the city, for the typo-tolerant match. */
  words: string[];
};

const WORD = /[\p{L}\p{N}]+/gu;

/** Each event's folded search fields, computed once per event object (a keystroke only folds the needle). */
const haystacks = new WeakMap<object, Fields>();
function fieldsOf(e: Searchable): Fields {
  let fields = haystacks.get(e);
  if (!fields) {
    const description = e.description && cardDescription(e.description);
    const texts = [e.title, e.location, e.city, description].filter((f): f is string => !!f).map(fold);
    const words = new Set(texts.slice(0, 3).flatMap((t) => t.match(WORD) ?? []));
    fields = { texts, words: [...words] };
    haystacks.set(e, fields);
  }
  return fields;
}

/** Folds an event's fields ahead of the first keystroke. */
export function searchFields(e: Searchable): string[] {
  return fieldsOf(e).texts;
}

/** "tisdag", "tisdagar", "tisdagen" (any case or accents) name a weekday. */
export function weekdayInQuery(needle: string): Weekday | undefined {
  const word = fold(needle).replace(/(ar|en)$/, "");
  return WEEKDAYS.find((w) => fold(w) === word);
}

/** Typos a word of this length may have: none below four letters, one up to seven, two from eight. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Three rows of the edit table, reused by every comparison (a keystroke makes thousands). */
let rows = new Int32Array(3 * 64);

/**
 * Whether a and b are at most `max` edits apart (insert, delete, replace, or swap two neighbours), in
 * O(length × (2·max + 1)): only the band of the table within `max` of its diagonal can stay within `max`.
 */
export function isWithinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  const far = max + 1;
  // Row i of the table lives at ((i % 3) * width): the row being filled, the one above, the one above that.
  rows.fill(far, 0, 3 * width);
  for (let j = 0; j < width; j++) rows[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const cur = (i % 3) * width;
    const prev = ((i - 1) % 3) * width;
    const before = ((i + 1) % 3) * width;
    rows.fill(far, cur, cur + width);
    if (i <= max) rows[cur] = i;
    let rowBest = rows[cur] as number;
    const to = Math.min(b.length, i + max);
    for (let j = Math.max(1, i - max); j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(
        (rows[prev + j] as number) + 1,
        (rows[cur + j - 1] as number) + 1,
        (rows[prev + j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, (rows[before + j - 2] as number) + 1);
      rows[cur + j] = d;
      if (d < rowBest) rowBest = d;
    }
    if (rowBest > max) return false;
  }
  return (rows[(a.length % 3) * width + b.length] as number) <= max;
}

/** A search text, folded once per keystroke: the whole text and its words. */
export type Needle = { text: string; words: string[] };

export function toNeedle(query: string): Needle {
  const text = fold(query.trim());
  return { text, words: text.match(WORD) ?? [] };
}

function hasWord(fields: Fields, word: string): boolean {
  if (fields.texts.some((f) => f.includes(word))) return true;
  const max = allowedTypos(word.length);
  return max > 0 && fields.words.some((w) => isWithinEdits(word, w, max));
}

/**
 * Whether the event matches the search: a field contains the whole text, or every word of it is found
 * (each within its typos), or it is on the weekday typed.
 */
export function matchesSearch(e: Searchable, needle: Needle | string, weekday: Weekday | undefined): boolean {
  if (weekday !== undefined && eventWeekdays(e).has(weekday)) return true;
  const { text, words } = typeof needle === "string" ? toNeedle(needle) : needle;
  const fields = fieldsOf(e);
  if (fields.texts.some((f) => f.includes(text))) return true;
  return words.length > 0 && words.every((w) => hasWord(fields, w));
}
