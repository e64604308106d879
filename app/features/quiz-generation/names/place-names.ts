import countries from "./countries.json";
import firstNames from "./first-names.json";
import municipalities from "./swedish-municipalities.json";

/**
 * Place names shipped with the product, so a headline question's distractors for a place are places of the
 * same kind: Sweden's 290 municipalities, the world's countries and their capitals (Swedish names). A name in
 * more than one list (Stockholm, Luxemburg) is of each of those kinds.
 */
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

/** Every name of one kind. */
export function placesOfKind(kind: PlaceKind): readonly string[] {
  return byKind[kind];
}

/** The kinds a place name (exactly as written, base form) is of; empty when it is no listed place. */
export function placeKindsOf(name: string): PlaceKind[] {
  return kindsByName.get(name) ?? [];
}

/** Names ending in s, x or z take no genitive s in Swedish ("Borås flygplats", "Kiruna" → "Kirunas"). */
export function genitiveOf(name: string): string {
  return /[sxz]$/i.test(name) ? name : `${name}s`;
}

const FIRST_NAMES = new Set<string>(firstNames);

/** A first name common in Swedish news (Swedish and international), the start of a person's name. */
export function isFirstName(word: string): boolean {
  return FIRST_NAMES.has(word);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every listed place name in a text, longest names first (so "Upplands Väsby" is not read as nothing and
 * "Nya Zeeland" not as something else), each optionally in the genitive. Whole words only.
 */
export const PLACE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}-])(${[...kindsByName.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})(s?)(?![\\p{L}\\p{N}-])`,
  "gu",
);
