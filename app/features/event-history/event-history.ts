import { BOOKING_LABELS, DIFFICULTY_LABELS, factsOfRow, LANGUAGE_LABELS } from "~/features/events/public";
import { formatDate, timeOf, type Weekday, weekdayOf } from "~/lib/time";

/**
 * The fields of an event the change history tracks, each a value of its own (JSON) so that one change can be
 * shown and undone by itself. Derived columns (slug, max attendees, start time) follow the field they come
 * from; counters and confirmation times are not changes anyone made.
 */
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

/** The row columns the tracked fields are read from. */
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

/** The schedule as the pages read it: the rows, or the start time's weekday and time when there are none. */
function scheduleOf(row: HistoryRow): { weekday: string; time: string }[] {
  if (row.schedules?.length) return row.schedules.map(({ weekday, time }) => ({ weekday, time }));
  return [{ weekday: weekdayOf(row.startTime), time: timeOf(row.startTime) }];
}

/** Each tracked field's value in a row. The booking and its link are one field: they are entered together. */
export function historyValues(row: HistoryRow): Record<HistoryField, JsonValue> {
  const facts = factsOfRow(row);
  return {
    title: row.title,
    description: row.description,
    image: row.imageUrl,
    city: row.city,
    location: { name: row.locationName, address: row.locationAddress, street: row.streetAddress },
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

/** Two JSON values are the same (object keys in any order). */
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

/** The tracked fields that differ between the row before and after a save, in the order of HISTORY_FIELDS. */
export function diffEventRows(before: HistoryRow, after: HistoryRow): FieldChange[] {
  const old = historyValues(before);
  const now = historyValues(after);
  return HISTORY_FIELDS.filter((field) => !sameValue(old[field], now[field])).map((field) => ({
    field,
    before: old[field],
    after: now[field],
  }));
}

/** What a date can have besides the rule: a cancelled night, an extra one, or a break starting that day. */
export type NightKind = "cancelled" | "extra" | "break";

/** A night's field: "cancelled:2026-12-04", "extra:2026-12-04", "break:2027-06-21" (the break's first day). */
export function nightField(kind: NightKind, date: string): string {
  return `${kind}:${date}`;
}

/** The kind and date of a night's field, or null for an event field. */
export function parseNightField(field: string): { kind: NightKind; date: string } | null {
  const match = /^(cancelled|extra|break):(\d{4}-\d{2}-\d{2})$/.exec(field);
  return match ? { kind: match[1] as NightKind, date: match[2] as string } : null;
}

/** The field an event's creation is recorded under; it has no before-value and cannot be undone. */
export const CREATED_FIELD = "created";

const LABELS: Record<HistoryField, string> = {
  title: "Titel",
  description: "Beskrivning",
  image: "Bild",
  city: "Stad",
  location: "Plats",
  schedule: "Dagar och tider",
  recurrence: "Hur ofta",
  quizType: "Typ av quiz",
  teamSize: "Max personer per lag",
  phone: "Telefon",
  email: "E-post",
  website: "Webbplats",
  instagram: "Instagram",
  entryFee: "Inträde",
  booking: "Bokning",
  prize: "Vinst",
  difficulty: "Svårighet",
  language: "Språk",
  wheelchairAccessible: "Rullstolsanpassat",
};

const isHistoryField = (field: string): field is HistoryField =>
  (HISTORY_FIELDS as readonly string[]).includes(field);

/** A calendar date (YYYY-MM-DD) as "4 dec. 2026". */
const dateLabel = (date: string) => formatDate(`${date}T12:00:00Z`);

const NIGHT_LABELS: Record<NightKind, string> = {
  cancelled: "Inställd kväll",
  extra: "Extra kväll",
  break: "Uppehåll från",
};

/** The Swedish label of a recorded field. */
export function fieldLabel(field: string): string {
  if (isHistoryField(field)) return LABELS[field];
  if (field === CREATED_FIELD) return "Quizet lades till";
  const night = parseNightField(field);
  if (night) return `${NIGHT_LABELS[night.kind]} ${dateLabel(night.date)}`;
  return field;
}

/** Whether an admin may undo a change to this field. */
export function isUndoableField(field: string): boolean {
  // A replaced image is deleted from storage once the save has committed: there is nothing to go back to.
  if (field === "image" || field === CREATED_FIELD) return false;
  return isHistoryField(field) || parseNightField(field) !== null;
}

const EMPTY = "(tomt)";
/** An unknown fact, as the event form offers it. */
const UNKNOWN = "Vet ej";
const FACT_FIELDS: readonly string[] = [
  "entryFee",
  "booking",
  "prize",
  "difficulty",
  "language",
  "wheelchairAccessible",
];
const MONTH_WEEKS: Record<string, string> = {
  "1": "första",
  "2": "andra",
  "3": "tredje",
  "4": "fjärde",
  "-1": "sista",
};

const text = (value: JsonValue) => (typeof value === "string" && value ? value : null);
const record = (value: JsonValue): Record<string, JsonValue> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? value : null;

function recurrenceText(value: JsonValue): string {
  const rule = record(value);
  if (!rule) return EMPTY;
  if (rule.rule === "biweekly") return `Varannan vecka, från ${dateLabel(String(rule.anchor))}`;
  if (rule.rule === "monthly") return `Månadsvis, ${MONTH_WEEKS[String(rule.week ?? 1)] ?? ""} veckan`;
  return "Varje vecka";
}

function scheduleText(value: JsonValue): string {
  if (!Array.isArray(value) || !value.length) return EMPTY;
  return value
    .map((row) => {
      const r = record(row);
      return r ? `${String(r.weekday as Weekday)} ${String(r.time)}` : "";
    })
    .join(", ");
}

function locationText(value: JsonValue): string {
  const l = record(value);
  if (!l) return EMPTY;
  const link = text(l.address ?? null);
  const parts = [
    text(l.name ?? null),
    text(l.street ?? null),
    link && /^https?:\/\//i.test(link) ? link : null,
  ];
  return parts.filter(Boolean).join(" · ") || EMPTY;
}

function bookingText(value: JsonValue): string {
  const booking = record(value);
  if (!booking) return UNKNOWN;
  const mode = text(booking.mode ?? null);
  const label =
    mode && mode in BOOKING_LABELS ? BOOKING_LABELS[mode as keyof typeof BOOKING_LABELS] : UNKNOWN;
  const url = text(booking.url ?? null);
  return url ? `${label} · ${url}` : label;
}

/** A fact's stored code in Swedish ("hard" → "Svår"); an unknown code as it is. */
const labelOf = (labels: Record<string, string>, value: JsonValue) =>
  typeof value === "string" ? (labels[value] ?? value) : JSON.stringify(value);

const NO_NIGHT: Record<NightKind, string> = {
  cancelled: "Inte inställd",
  extra: "Ingen extra kväll",
  break: "Inget uppehåll",
};

function nightText(kind: NightKind, value: JsonValue): string {
  const night = record(value);
  if (!night) return NO_NIGHT[kind];
  const note = text(night.note ?? null);
  const head =
    kind === "cancelled"
      ? "Inställd"
      : kind === "break"
        ? `Till och med ${dateLabel(String(night.to))}`
        : `Kl. ${String(night.time)}`;
  return note ? `${head} – ${note}` : head;
}

/** A recorded value in readable Swedish. */
export function valueText(field: string, value: JsonValue): string {
  const night = parseNightField(field);
  if (night) return nightText(night.kind, value);
  if (value === null || value === "" || (Array.isArray(value) && !value.length)) {
    if (field === "teamSize") return "Ingen gräns";
    if (field === "image") return "Ingen bild";
    if (FACT_FIELDS.includes(field)) return UNKNOWN;
    return field === CREATED_FIELD ? "–" : EMPTY;
  }
  switch (field) {
    case "image":
      return "Bild";
    case "location":
      return locationText(value);
    case "schedule":
      return scheduleText(value);
    case "recurrence":
      return recurrenceText(value);
    case "quizType":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "teamSize":
      return `${String(value)} personer`;
    case "entryFee":
      // As the event page reads it: "Gratis" or "40 kr per person".
      if (typeof value !== "number") return String(value);
      return value === 0 ? "Gratis" : `${value} kr per person`;
    case "booking":
      return bookingText(value);
    case "difficulty":
      return labelOf(DIFFICULTY_LABELS, value);
    case "language":
      return labelOf(LANGUAGE_LABELS, value);
    case "wheelchairAccessible":
      return value === true ? "Ja" : value === false ? "Nej" : String(value);
    case CREATED_FIELD:
      return text(record(value)?.title ?? null) ?? EMPTY;
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** Who made a change, as the history shows it: "Namn (e-post), admin", "System". */
export function actorText(change: {
  actorRole: "admin" | "host" | "system";
  actorName: string | null;
  actorEmail: string | null;
}): string {
  if (change.actorRole === "system") return "System";
  const role = change.actorRole === "admin" ? "admin" : "quizvärd";
  if (!change.actorName && !change.actorEmail) return `Borttaget konto (${role})`;
  const who =
    change.actorName && change.actorEmail && change.actorName !== change.actorEmail
      ? `${change.actorName} (${change.actorEmail})`
      : (change.actorEmail ?? change.actorName);
  return `${who}, ${role}`;
}
