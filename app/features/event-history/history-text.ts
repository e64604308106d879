import { BOOKING_LABELS, DIFFICULTY_LABELS, LANGUAGE_LABELS } from "~/features/events/public";
import { formatDate, type Weekday } from "~/lib/time";
import {
  CREATED_FIELD,
  type HistoryField,
  isHistoryField,
  type JsonValue,
  type NightKind,
  parseNightField,
} from "./event-history";

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

const dateLabel = (date: string) => formatDate(`${date}T12:00:00Z`);

const NIGHT_LABELS: Record<NightKind, string> = {
  cancelled: "Inställd kväll",
  extra: "Extra kväll",
  break: "Uppehåll från",
};

export function fieldLabel(field: string): string {
  if (isHistoryField(field)) return LABELS[field];
  if (field === CREATED_FIELD) return "Quizet lades till";
  const night = parseNightField(field);
  if (night) return `${NIGHT_LABELS[night.kind]} ${dateLabel(night.date)}`;
  return field;
}

const EMPTY = "(tomt)";
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
