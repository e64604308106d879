import type { CardFacts } from "~/features/events/public";
import { DIFFICULTIES, type Difficulty, LANGUAGES, type Language } from "~/features/events/public";

/** Facts filter (decision 041): each fact narrows; difficulty and language values are alternatives. */
export type FactFilter = {
  free: boolean;
  noBooking: boolean;
  difficulties: Difficulty[];
  languages: Language[];
  wheelchair: boolean;
};

export const NO_FACT_FILTER: FactFilter = {
  free: false,
  noBooking: false,
  difficulties: [],
  languages: [],
  wheelchair: false,
};

type WithFacts = { facts?: CardFacts };

export type FactChip = "free" | "noBooking" | Difficulty | Language | "wheelchair";
export type FactGroup = "free" | "noBooking" | "difficulty" | "language" | "wheelchair";

export const FACT_CHIP_LABELS: Record<FactChip, string> = {
  free: "Gratis inträde",
  noBooking: "Ingen bokning",
  easy: "Lätt",
  medium: "Medel",
  hard: "Svår",
  sv: "På svenska",
  en: "På engelska",
  wheelchair: "Rullstolsanpassat",
};
export const FACT_CHIPS = Object.keys(FACT_CHIP_LABELS) as FactChip[];

export const groupOf = (chip: FactChip): FactGroup =>
  (DIFFICULTIES as readonly string[]).includes(chip)
    ? "difficulty"
    : (LANGUAGES as readonly string[]).includes(chip)
      ? "language"
      : (chip as FactGroup);

export function isFactChosen(facts: FactFilter, chip: FactChip): boolean {
  switch (groupOf(chip)) {
    case "difficulty":
      return facts.difficulties.includes(chip as Difficulty);
    case "language":
      return facts.languages.includes(chip as Language);
    default:
      return facts[chip as "free" | "noBooking" | "wheelchair"];
  }
}

export function toggledFacts(f: FactFilter, chip: FactChip): FactFilter {
  const group = groupOf(chip);
  return group === "difficulty"
    ? { ...f, difficulties: DIFFICULTIES.filter((d) => (d === chip) !== f.difficulties.includes(d)) }
    : group === "language"
      ? { ...f, languages: LANGUAGES.filter((l) => (l === chip) !== f.languages.includes(l)) }
      : { ...f, [group]: !f[group as "free" | "noBooking" | "wheelchair"] };
}

export function hasFactChoices(facts: FactFilter): boolean {
  return (
    facts.free ||
    facts.noBooking ||
    facts.wheelchair ||
    facts.difficulties.length + facts.languages.length > 0
  );
}

export function matchesFacts(e: WithFacts, chosen: FactFilter, except?: FactGroup): boolean {
  if (!hasFactChoices(chosen)) return true;
  const facts = e.facts;
  if (!facts) return false;
  if (except !== "free" && chosen.free && facts.entryFee !== 0) return false;
  if (except !== "noBooking" && chosen.noBooking && facts.booking !== "none") return false;
  if (except !== "wheelchair" && chosen.wheelchair && facts.wheelchairAccessible !== true) return false;
  if (
    except !== "difficulty" &&
    chosen.difficulties.length &&
    (facts.difficulty === null || !chosen.difficulties.includes(facts.difficulty))
  )
    return false;
  if (
    except !== "language" &&
    chosen.languages.length &&
    (facts.language === null || !chosen.languages.includes(facts.language))
  )
    return false;
  return true;
}

export function hasFact(e: WithFacts, chip: FactChip): boolean {
  const facts = e.facts;
  if (!facts) return false;
  switch (chip) {
    case "free":
      return facts.entryFee === 0;
    case "noBooking":
      return facts.booking === "none";
    case "wheelchair":
      return facts.wheelchairAccessible === true;
    default:
      return facts.difficulty === chip || facts.language === chip;
  }
}

export function parseList<T>(value: string | null, parse: (item: string) => T | undefined): T[] {
  if (!value) return [];
  const out: T[] = [];
  for (const raw of value.split(",")) {
    const item = parse(raw.trim());
    if (item !== undefined && !out.includes(item)) out.push(item);
  }
  return out;
}

/** The facts filter's URL parameters: flags are "1", lists carry Swedish slugs. */
const FACT_PARAMS = {
  free: "gratis",
  noBooking: "utan-bokning",
  difficulties: "svarighet",
  languages: "sprak",
  wheelchair: "rullstol",
} as const;
const DIFFICULTY_SLUGS: Record<Difficulty, string> = { easy: "latt", medium: "medel", hard: "svar" };
const LANGUAGE_SLUGS: Record<Language, string> = { sv: "svenska", en: "engelska" };
const bySlug =
  <T extends string>(slugs: Record<T, string>) =>
  (v: string) =>
    (Object.keys(slugs) as T[]).find((k) => slugs[k] === v.toLowerCase());

export function parseFactParams(params: URLSearchParams): FactFilter {
  const flag = (name: string) => params.get(name) === "1";
  const difficulties = parseList(params.get(FACT_PARAMS.difficulties), bySlug(DIFFICULTY_SLUGS));
  const languages = parseList(params.get(FACT_PARAMS.languages), bySlug(LANGUAGE_SLUGS));
  return {
    free: flag(FACT_PARAMS.free),
    noBooking: flag(FACT_PARAMS.noBooking),
    // In a fixed order, so one choice has one URL.
    difficulties: DIFFICULTIES.filter((d) => difficulties.includes(d)),
    languages: LANGUAGES.filter((l) => languages.includes(l)),
    wheelchair: flag(FACT_PARAMS.wheelchair),
  };
}

export function setFactParams(params: URLSearchParams, facts: FactFilter) {
  if (facts.free) params.set(FACT_PARAMS.free, "1");
  if (facts.noBooking) params.set(FACT_PARAMS.noBooking, "1");
  if (facts.difficulties.length)
    params.set(FACT_PARAMS.difficulties, facts.difficulties.map((d) => DIFFICULTY_SLUGS[d]).join(","));
  if (facts.languages.length)
    params.set(FACT_PARAMS.languages, facts.languages.map((l) => LANGUAGE_SLUGS[l]).join(","));
  if (facts.wheelchair) params.set(FACT_PARAMS.wheelchair, "1");
}
