import countries from "./countries.json";
import firstNames from "./first-names.json";
import municipalities from "./swedish-municipalities.json";

/** Shipped lists so a place's distractors are of the same kind; a name in several lists is of each kind. */
export type PlaceKind = "municipality" | "country" | "capital";

export const PLACE_KINDS: readonly PlaceKind[] = ["municipality", "country", "capital"];

const byKind: Record<PlaceKind, readonly string[]> = {
  municipality: municipalities,
  country: countries.map((c) => c.country),
  capital: countries.flatMap((c) => (c.capital ? [c.capital] : [])),
};

const kindsByName = new Map<string, PlaceKind[]>();
for (const kind of PLACE_KINDS) {
  for (const name of byKind[kind]) kindsByName.set(name, [...(kindsByName.get(name) ?? []), kind]);
}

export function placesOfKind(kind: PlaceKind): readonly string[] {
  return byKind[kind];
}

export function placeKindsOf(name: string): PlaceKind[] {
  return kindsByName.get(name) ?? [];
}

export function genitiveOf(name: string): string {
  return /[sxz]$/i.test(name) ? name : `${name}s`;
}

const FIRST_NAMES = new Set<string>(firstNames);

export function isFirstName(word: string): boolean {
  return FIRST_NAMES.has(word);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Longest names first, so "Upplands Väsby" and "Nya Zeeland" match whole. */
export const PLACE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}-])(${[...kindsByName.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})(s?)(?![\\p{L}\\p{N}-])`,
  "gu",
);
