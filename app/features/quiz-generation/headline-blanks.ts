import { isFirstName, PLACE_PATTERN, type PlaceKind, placeKindsOf } from "./names/place-names";

/** Blankable words: a person, a listed place or a number; anything else has no honest distractors. */
export type Blank =
  | { kind: "person"; text: string; index: number }
  | { kind: "place"; text: string; index: number; base: string; genitive: boolean; placeKinds: PlaceKind[] }
  | { kind: "number"; text: string; index: number; number: ParsedNumber };

export type ParsedNumber = {
  value: number;
  decimals: number;
  decimalSeparator: "," | ".";
  groupSeparator: string | null;
  isYear: boolean;
  isDayOfMonth: boolean;
};

const NUMBER =
  /(?<![\p{L}\p{N},.])\d{1,3}(?:([ \u00a0])\d{3})+(?:[.,]\d+)?(?![\p{L}\p{N}])|(?<![\p{L}\p{N},.])\d+(?:[.,]\d+)?(?![\p{L}\p{N}])/gu;
const MONTHS =
  /^\s+(januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december)(?![\p{L}])/u;

function parseNumber(text: string, after = ""): ParsedNumber | null {
  const match = /^(\d{1,3}(?:([ \u00a0])\d{3})+|\d+)(?:([.,])(\d+))?$/.exec(text);
  if (!match) return null;
  const integer = (match[1] ?? "").replace(/[ \u00a0]/g, "");
  const decimals = match[4]?.length ?? 0;
  const value = Number(`${integer}${decimals ? `.${match[4]}` : ""}`);
  if (!Number.isFinite(value)) return null;
  const isYear = decimals === 0 && !match[2] && /^(19|20)\d\d$/.test(integer);
  return {
    value,
    decimals,
    decimalSeparator: match[3] === "." ? "." : ",",
    groupSeparator: match[2] ?? null,
    isYear,
    isDayOfMonth: !isYear && decimals === 0 && value >= 1 && value <= 31 && MONTHS.test(after),
  };
}

const PERSON =
  /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}]+)((?:[ \u00a0]\p{Lu}[\p{L}'’-]*\p{L}){1,2})(?![\p{L}\p{N}])/gu;

function isPlaceWord(word: string): boolean {
  return placeKindsOf(word).length > 0 || (word.endsWith("s") && placeKindsOf(word.slice(0, -1)).length > 0);
}

/** A capitalised non-place word right before (not first in the headline) or after means a longer name. */
function isInsideName(title: string, index: number, length: number): boolean {
  const before = /(?:^|[\s])([\p{L}][\p{L}-]*)[ \u00a0]$/u.exec(title.slice(0, index));
  const after = /^[ \u00a0]([\p{L}][\p{L}-]*)/u.exec(title.slice(index + length));
  const isNameWord = (word: string | undefined) =>
    word !== undefined && /^\p{Lu}/u.test(word) && !isPlaceWord(word);
  const beforeIsFirstWord = before !== null && title.slice(0, index).trim() === before[1];
  return (isNameWord(before?.[1]) && !beforeIsFirstWord) || isNameWord(after?.[1]);
}

function overlaps(a: { index: number; text: string }, b: { index: number; text: string }) {
  return a.index < b.index + b.text.length && b.index < a.index + a.text.length;
}

export function findBlanks(title: string): Blank[] {
  const people: Blank[] = [];
  for (const match of title.matchAll(PERSON)) {
    const first = match[1] ?? "";
    if (!isFirstName(first)) continue;
    // A place after the surname is not part of the name; one right after the first name means no name at all.
    const rest = (match[2] ?? "").trim().split(/\s+/);
    while (rest.length && isPlaceWord(rest.at(-1) ?? "")) rest.pop();
    if (rest.length === 0) continue;
    people.push({ kind: "person", text: `${first} ${rest.join(" ")}`, index: match.index ?? 0 });
  }
  const places: Blank[] = [];
  for (const match of title.matchAll(PLACE_PATTERN)) {
    const index = match.index ?? 0;
    // A place that is also a first name may be a person; one inside a longer name ("Malmö FF") is not.
    if (isFirstName(match[1] ?? "")) continue;
    if (isInsideName(title, index, match[0].length)) continue;
    const blank = {
      kind: "place" as const,
      text: match[0],
      index,
      base: match[1] ?? "",
      genitive: match[2] === "s",
      placeKinds: placeKindsOf(match[1] ?? ""),
    };
    if (!people.some((p) => overlaps(p, blank))) places.push(blank);
  }
  const numbers: Blank[] = [];
  for (const match of title.matchAll(NUMBER)) {
    const index = match.index ?? 0;
    const number = parseNumber(match[0], title.slice(index + match[0].length));
    if (number && number.value > 0) numbers.push({ kind: "number", text: match[0], index, number });
  }
  return [...people, ...places, ...numbers].sort((a, b) => a.index - b.index);
}

const BLANK = "___";

export function blankOut(title: string, blank: Pick<Blank, "index" | "text">): string {
  return `${title.slice(0, blank.index)}${BLANK}${title.slice(blank.index + blank.text.length)}`;
}
