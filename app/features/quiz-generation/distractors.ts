import type { Blank, ParsedNumber } from "./headline-blanks";
import { genitiveOf, type PlaceKind, placesOfKind } from "./names/place-names";
import { normalizeText, shuffle } from "./question-rules";

type Pools = {
  places: Record<PlaceKind, Set<string>>;
  people: Set<string>;
};

function placeKindFor(kinds: PlaceKind[]): PlaceKind | null {
  return (["municipality", "country", "capital"] as const).find((k) => kinds.includes(k)) ?? null;
}

function firstTwo(candidates: string[], answer: string, title: string): [string, string] | null {
  const answerKey = normalizeText(answer);
  const titleKey = normalizeText(title);
  const picked: string[] = [];
  for (const candidate of candidates) {
    const key = normalizeText(candidate);
    if (key === answerKey || picked.some((p) => normalizeText(p) === key)) continue;
    if (
      new RegExp(
        `(?<![\\p{L}\\p{N}])${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
        "u",
      ).test(titleKey)
    )
      continue;
    picked.push(candidate);
    if (picked.length === 2) return [picked[0] as string, picked[1] as string];
  }
  return null;
}

export function placeDistractors(
  blank: Extract<Blank, { kind: "place" }>,
  title: string,
  pools: Pools,
  random: () => number,
): [string, string] | null {
  const kind = placeKindFor(blank.placeKinds);
  if (!kind) return null;
  const topical = shuffle([...pools.places[kind]], random);
  const rest = shuffle(
    placesOfKind(kind).filter((p) => !pools.places[kind].has(p)),
    random,
  );
  const picked = firstTwo([...topical, ...rest], blank.base, title);
  if (!picked) return null;
  return blank.genitive ? [genitiveOf(picked[0]), genitiveOf(picked[1])] : picked;
}

export function personDistractors(
  blank: Extract<Blank, { kind: "person" }>,
  title: string,
  pools: Pools,
  random: () => number,
): [string, string] | null {
  const answerWords = new Set(blank.text.split(/\s+/).map(normalizeText));
  const others = [...pools.people].filter(
    (p) => !p.split(/\s+/).some((w) => answerWords.has(normalizeText(w))),
  );
  return firstTwo(shuffle(others, random), blank.text, title);
}

/** A round step (1, 2, 2.5, 5 × 10ⁿ) near a sixth of the value: 16 000 → 2 000, 1,75 → 0,25. */
function stepFor(value: number, precision: number): number {
  const target = value * 0.15;
  const power = 10 ** Math.floor(Math.log10(target));
  const keepsPrecision = (step: number) => Math.abs(step / precision - Math.round(step / precision)) < 1e-9;
  const steps = [1, 2, 2.5, 5, 10, 20, 25, 50].map((m) => m * power).filter(keepsPrecision);
  if (steps.length === 0) return precision;
  return steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best));
}

function precisionOf(number: ParsedNumber): number {
  if (number.decimals > 0) return 10 ** -number.decimals;
  let unit = 1;
  while (number.value % (unit * 10) === 0 && unit * 10 <= number.value) unit *= 10;
  return unit;
}

function formatLike(value: number, like: ParsedNumber): string {
  const fixed = value.toFixed(like.decimals);
  const [integer = "", fraction] = fixed.split(".");
  const grouped =
    like.groupSeparator && integer.length > 3
      ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, like.groupSeparator)
      : integer;
  return fraction ? `${grouped}${like.decimalSeparator}${fraction}` : grouped;
}

/** Same precision and format as the answer: 16 000 → 12 000 … 20 000. */
export function numberDistractors(
  blank: Extract<Blank, { kind: "number" }>,
  title: string,
  random: () => number,
): [string, string] | null {
  const { number } = blank;
  const precision = precisionOf(number);
  const step =
    number.isYear || number.isDayOfMonth ? 1 : Math.max(precision, stepFor(number.value, precision));
  const offsets = number.isDayOfMonth ? [-3, -2, -1, 1, 2, 3] : [-2, -1, 1, 2];
  const candidates = offsets
    .map((k) => Number((number.value + k * step).toFixed(number.decimals)))
    .filter((v) => v > 0 && (!number.isDayOfMonth || v <= 28))
    .map((v) => formatLike(v, number));
  return firstTwo(shuffle(candidates, random), blank.text, title);
}
