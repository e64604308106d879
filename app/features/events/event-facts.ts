export const BOOKINGS = ["none", "recommended", "required"] as const;
export type Booking = (typeof BOOKINGS)[number];
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const LANGUAGES = ["sv", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export type EventFacts = {
  /** Whole kronor per person; 0 is free. */
  entryFee: number | null;
  booking: Booking | null;
  bookingUrl: string | null;
  prize: string | null;
  difficulty: Difficulty | null;
  language: Language | null;
  wheelchairAccessible: boolean | null;
};

export const ENTRY_FEE_MAX = 10_000;
export const PRIZE_MAX_LENGTH = 200;

export const BOOKING_LABELS: Record<Booking, string> = {
  none: "Ingen bokning",
  recommended: "Bokning rekommenderas",
  required: "Bokning krävs",
};
export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: "Lätt", medium: "Medel", hard: "Svår" };
export const LANGUAGE_LABELS: Record<Language, string> = { sv: "Svenska", en: "Engelska" };
export const LANGUAGE_PHRASES: Record<Language, string> = { sv: "På svenska", en: "På engelska" };

const oneOf = <T extends string>(options: readonly T[], value: string | null | undefined): T | null =>
  value != null && (options as readonly string[]).includes(value) ? (value as T) : null;

/** A row's stored facts as the shape pages read; a value outside the known sets counts as unknown. */
export function factsOfRow(row: {
  entryFee?: number | null;
  booking?: string | null;
  bookingUrl?: string | null;
  prize?: string | null;
  difficulty?: string | null;
  language?: string | null;
  wheelchairAccessible?: boolean | null;
}): EventFacts {
  return {
    entryFee: row.entryFee ?? null,
    booking: oneOf(BOOKINGS, row.booking),
    bookingUrl: row.bookingUrl ?? null,
    prize: row.prize ?? null,
    difficulty: oneOf(DIFFICULTIES, row.difficulty),
    language: oneOf(LANGUAGES, row.language),
    wheelchairAccessible: row.wheelchairAccessible ?? null,
  };
}

/** "Gratis" or "Inträde 40 kr"; null when the fee is unknown. */
export function entryFeeLabel(fee: number | null): string | null {
  if (fee === null) return null;
  return fee === 0 ? "Gratis" : `Inträde ${fee} kr`;
}

export function cardFactLabels(facts: Omit<EventFacts, "bookingUrl" | "prize">): string[] {
  return [
    entryFeeLabel(facts.entryFee),
    facts.booking ? BOOKING_LABELS[facts.booking] : null,
    facts.difficulty ? `Svårighet: ${DIFFICULTY_LABELS[facts.difficulty]}` : null,
    facts.language ? LANGUAGE_PHRASES[facts.language] : null,
    facts.wheelchairAccessible ? "Rullstolsanpassat" : null,
  ].filter((label): label is string => label !== null);
}
