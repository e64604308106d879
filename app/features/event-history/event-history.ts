import { factsOfRow } from "~/features/events/public";
import { timeOf, weekdayOf } from "~/lib/time";

/** Each field is its own JSON value so one change can be shown and undone alone. */
const HISTORY_FIELDS = [
  "title",
  "description",
  "image",
  "city",
  "location",
  "schedule",
  "recurrence",
  "quizType",
  "teamSize",
  "phone",
  "email",
  "website",
  "instagram",
  "entryFee",
  "booking",
  "prize",
  "difficulty",
  "language",
  "wheelchairAccessible",
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type FieldChange = { field: string; before: JsonValue; after: JsonValue };

export type HistoryRow = {
  title: string;
  description: string | null;
  imageUrl: string | null;
  city: string;
  locationName: string | null;
  locationAddress: string | null;
  streetAddress: string | null;
  startTime: Date;
  schedules: { weekday: string; time: string }[] | null;
  recurrence: string;
  recurrenceAnchor: string;
  recurrenceWeek: number | null;
  tags: string[];
  maxPersonsPerTeam: number | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  instagram: string | null;
  entryFee: number | null;
  booking: string | null;
  bookingUrl: string | null;
  prize: string | null;
  difficulty: string | null;
  language: string | null;
  wheelchairAccessible: boolean | null;
};

function scheduleOf(row: HistoryRow): { weekday: string; time: string }[] {
  if (row.schedules?.length) return row.schedules.map(({ weekday, time }) => ({ weekday, time }));
  return [{ weekday: weekdayOf(row.startTime), time: timeOf(row.startTime) }];
}

/** The booking and its link are one field: they are entered together. */
export function historyValues(row: HistoryRow): Record<HistoryField, JsonValue> {
  const facts = factsOfRow(row);
  return {
    title: row.title,
    description: row.description,
    image: row.imageUrl,
    city: row.city,
    // Only a map link was entered by someone; otherwise the address is derived from name and city.
    location: {
      name: row.locationName,
      address: /^https?:\/\//i.test(row.locationAddress ?? "") ? row.locationAddress : null,
      street: row.streetAddress,
    },
    schedule: scheduleOf(row),
    recurrence: { rule: row.recurrence, anchor: row.recurrenceAnchor, week: row.recurrenceWeek },
    quizType: [...row.tags],
    teamSize: row.maxPersonsPerTeam,
    phone: row.phone,
    email: row.email,
    website: row.website,
    instagram: row.instagram,
    entryFee: facts.entryFee,
    booking:
      facts.booking === null && facts.bookingUrl === null
        ? null
        : { mode: facts.booking, url: facts.bookingUrl },
    prize: facts.prize,
    difficulty: facts.difficulty,
    language: facts.language,
    wheelchairAccessible: facts.wheelchairAccessible,
  };
}

export function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameValue(v, b[i]));
  }
  if (typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameValue(a[key] ?? null, b[key] ?? null)) return false;
    return true;
  }
  return false;
}

export function diffEventRows(before: HistoryRow, after: HistoryRow): FieldChange[] {
  const old = historyValues(before);
  const now = historyValues(after);
  return HISTORY_FIELDS.filter((field) => !sameValue(old[field], now[field])).map((field) => ({
    field,
    before: old[field],
    after: now[field],
  }));
}

export type NightKind = "cancelled" | "extra" | "break";

/** "cancelled:2026-12-04", "break:2027-06-21" (the break's first day). */
export function nightField(kind: NightKind, date: string): string {
  return `${kind}:${date}`;
}

export function parseNightField(field: string): { kind: NightKind; date: string } | null {
  const match = /^(cancelled|extra|break):(\d{4}-\d{2}-\d{2})$/.exec(field);
  return match ? { kind: match[1] as NightKind, date: match[2] as string } : null;
}

export const CREATED_FIELD = "created";

export const isHistoryField = (field: string): field is HistoryField =>
  (HISTORY_FIELDS as readonly string[]).includes(field);

export function isUndoableField(field: string): boolean {
  // A replaced image is deleted from storage once the save has committed: there is nothing to go back to.
  if (field === "image" || field === CREATED_FIELD) return false;
  return isHistoryField(field) || parseNightField(field) !== null;
}
