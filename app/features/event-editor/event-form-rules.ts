import { z } from "zod";
import type { EventView, QuizType, Recurrence } from "~/features/events/public";
import {
  addDays,
  BOOKINGS,
  type Booking,
  DEFAULT_SCHEDULE,
  DIFFICULTIES,
  type Difficulty,
  ENTRY_FEE_MAX,
  type EventFacts,
  isValidDate,
  LANGUAGES,
  type Language,
  MONTH_WEEKS,
  type MonthWeek,
  PRIZE_MAX_LENGTH,
  weekdayOfDate,
} from "~/features/events/public";
import { CITY_NAMES, type CityName } from "~/lib/cities";
import { lineText, multilineText } from "~/lib/text-input";
import { parseTime, stockholmDate, WEEKDAYS, type Weekday } from "~/lib/time";

/** The event form's defaults and option lists. Shared by the form (browser) and the action (server). */
export const QUIZ_TYPES: readonly QuizType[] = ["Quiz", "MusikQuiz"];
export const TEAM_SIZE_OPTIONS = [
  "-",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "10",
  "12",
  "15",
  "20",
] as const;
export const RECURRENCE_LABELS: Record<Recurrence, string> = {
  weekly: "Varje vecka",
  biweekly: "Varannan vecka",
  monthly: "Månadsvis",
};
/** The monthly rule's choices, as the form shows them. */
export const MONTH_WEEK_LABELS: Record<`${MonthWeek}`, string> = {
  "1": "Första",
  "2": "Andra",
  "3": "Tredje",
  "4": "Fjärde",
  "-1": "Sista",
};
const ANCHOR_WEEKDAY_ERROR = "”Nästa gång” måste vara en av quizets veckodagar";

export type EventFormValues = {
  title: string;
  description: string;
  schedules: { weekday: Weekday; time: string }[];
  location: string;
  locationUrl: string;
  city: CityName;
  quizType: QuizType[];
  email: string;
  phone: string;
  website: string;
  instagram: string;
  maxPersonsPerTeam: string;
  recurrence: Recurrence;
  /** Every second week: the date of the next quiz night ("nästa gång"), YYYY-MM-DD. */
  recurrenceAnchor: string;
  /** Monthly: "1"–"4" or "-1" (last). */
  recurrenceWeek: `${MonthWeek}`;
  streetAddress: string;
} & FactFormValues;

/** The facts as the form holds them: "" is unknown. */
export type FactFormValues = {
  /** Whole kronor; "0" is free. */
  entryFee: string;
  booking: Booking | "";
  bookingUrl: string;
  prize: string;
  difficulty: Difficulty | "";
  language: Language | "";
  wheelchairAccessible: "ja" | "nej" | "";
};

const UNKNOWN_FACT_VALUES: FactFormValues = {
  entryFee: "",
  booking: "",
  bookingUrl: "",
  prize: "",
  difficulty: "",
  language: "",
  wheelchairAccessible: "",
};

/** The form's fact values for a stored event's facts. */
function factFormValues(facts: EventFacts): FactFormValues {
  return {
    entryFee: facts.entryFee === null ? "" : String(facts.entryFee),
    booking: facts.booking ?? "",
    bookingUrl: facts.bookingUrl ?? "",
    prize: facts.prize ?? "",
    difficulty: facts.difficulty ?? "",
    language: facts.language ?? "",
    wheelchairAccessible:
      facts.wheelchairAccessible === null ? "" : facts.wheelchairAccessible ? "ja" : "nej",
  };
}

export function defaultFormValues(): EventFormValues {
  return {
    title: "",
    description: "",
    schedules: [{ ...DEFAULT_SCHEDULE }],
    location: "",
    locationUrl: "",
    city: "Göteborg",
    quizType: ["Quiz"],
    email: "",
    phone: "",
    website: "",
    instagram: "",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    recurrenceAnchor: "",
    recurrenceWeek: "1",
    streetAddress: "",
    ...UNKNOWN_FACT_VALUES,
  };
}

/** The form's values for an existing event (edit mode). */
export function formValuesFromEvent(event: EventView): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    schedules: event.schedules.length
      ? event.schedules.map((s) => ({ ...s }))
      : [{ weekday: event.weekday, time: event.time }],
    location: event.location,
    locationUrl: event.locationUrl ?? "",
    city: event.city,
    quizType: event.quizType.length ? [...event.quizType] : ["Quiz"],
    email: event.email ?? "",
    phone: event.phone ?? "",
    website: event.website ?? "",
    instagram: event.instagram ?? "",
    maxPersonsPerTeam: event.maxPersonsPerTeam === "-" ? "-" : String(event.maxPersonsPerTeam),
    recurrence: event.recurrence,
    // The next night of the rule keeps its weeks; a cancelled one is still one of them.
    recurrenceAnchor:
      event.recurrence === "biweekly" ? (event.nights[0]?.date ?? event.recurrenceAnchor) : "",
    recurrenceWeek: `${event.recurrenceWeek ?? 1}` as `${MonthWeek}`,
    streetAddress: event.streetAddress ?? "",
    ...factFormValues(event.facts),
  };
}

/**
 * What names and places the event: a host may change what a host knows (times, description, image,
 * contact, team size) but never these, so the server puts the stored values back whatever was posted.
 */
export const HOST_LOCKED_FIELDS = ["title", "city", "location", "locationUrl", "streetAddress"] as const;

/** Sets a posted form's locked fields to the stored event's values (a host's save). */
export function keepLockedFields(form: FormData, stored: EventView): void {
  const values = formValuesFromEvent(stored);
  for (const name of HOST_LOCKED_FIELDS) form.set(name, values[name]);
}

/** '-' or anything non-numeric means unknown. */
export function parseTeamSize(value: string | null | undefined): number | null {
  const n = Number.parseInt(String(value ?? "").trim(), 10);
  return Number.isFinite(n) && n > 0 && String(n) === String(value).trim() ? n : null;
}

const TITLE_REQUIRED = "Titel är obligatorisk";

const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  (options.multiline ? multilineText : lineText)()
    .trim()
    .max(max, `Högst ${max} tecken`)
    .transform((v) => v || null);

const optionalUrl = lineText()
  .trim()
  .max(500, "Högst 500 tecken")
  .refine((v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+/i.test(v), "Ange en giltig webbadress (https://…)")
  .transform((v) => v || null);

export const PHONE_MAX_LENGTH = 50;
export const PHONE_INVALID = "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser";

/**
 * A phone number as people write them: digits with spaces, hyphens and parentheses, optionally a leading +
 * ("+46 31-12 34 56", "(031) 12 34 56"). Empty is allowed: the field is optional.
 */
export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  return v === "" || /^\+?[\d ()-]*\d[\d ()-]*$/.test(v);
}

const ENTRY_FEE_INVALID = `Ange inträdet i hela kronor, 0–${ENTRY_FEE_MAX} (0 = gratis)`;
const BOOKING_URL_INVALID = "Ange bokningslänken som en https-adress (https://…)";
const BOOKING_URL_WITHOUT_BOOKING = "En bokningslänk kräver att bokning rekommenderas eller krävs";

/** A choice among `options`, or "" for unknown (null). */
const optionalChoice = <T extends string>(options: readonly T[], message: string) =>
  z
    .string()
    .refine((v) => v === "" || (options as readonly string[]).includes(v), message)
    .transform((v) => (v === "" ? null : (v as T)));

/** The facts a visitor decides by; every one may be left unknown (decision 041). */
const factsSchema = z.object({
  entryFee: lineText()
    .trim()
    .refine((v) => v === "" || (/^\d{1,5}$/.test(v) && Number(v) <= ENTRY_FEE_MAX), ENTRY_FEE_INVALID)
    .transform((v) => (v === "" ? null : Number(v))),
  booking: optionalChoice(BOOKINGS, "Välj om quizet behöver bokas"),
  bookingUrl: lineText()
    .trim()
    .max(500, "Högst 500 tecken")
    .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), BOOKING_URL_INVALID)
    .transform((v) => v || null),
  prize: optionalText(PRIZE_MAX_LENGTH),
  difficulty: optionalChoice(DIFFICULTIES, "Välj Lätt, Medel eller Svår"),
  language: optionalChoice(LANGUAGES, "Välj svenska eller engelska"),
  wheelchairAccessible: optionalChoice(["ja", "nej"] as const, "Välj ja, nej eller vet ej").transform((v) =>
    v === null ? null : v === "ja",
  ),
});

/** The server-side shape of a submitted event form. Titles and texts are trimmed; empties become null. */
export const eventFormSchema = z.object({
  title: lineText().trim().min(1, TITLE_REQUIRED).max(200, "Titeln får vara högst 200 tecken"),
  description: optionalText(2000, { multiline: true }),
  schedules: z
    .array(
      z.object({
        weekday: z.enum(WEEKDAYS, "Välj en veckodag"),
        time: lineText().refine((t) => parseTime(t) !== null, "Ange en tid som HH:MM"),
      }),
    )
    .min(1, "Minst en dag och tid krävs")
    .max(7, "Högst 7 dagar"),
  location: optionalText(200),
  locationUrl: optionalUrl,
  city: z.enum(CITY_NAMES as [CityName, ...CityName[]], "Välj en stad"),
  quizType: z.array(z.enum(["Quiz", "MusikQuiz"])).transform((types) => {
    const unique = QUIZ_TYPES.filter((t) => types.includes(t));
    return unique.length ? unique : (["Quiz"] as QuizType[]);
  }),
  email: lineText()
    .trim()
    .max(200)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Ange en giltig e-postadress")
    .transform((v) => v || null),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, `Högst ${PHONE_MAX_LENGTH} tecken`)
    .refine(isPhoneNumber, PHONE_INVALID)
    .transform((v) => v || null),
  website: optionalUrl,
  instagram: optionalText(200),
  maxPersonsPerTeam: lineText()
    .optional()
    .transform((v) => parseTeamSize(v)),
  recurrence: z.enum(["weekly", "biweekly", "monthly"], "Välj hur ofta quizet går"),
  recurrenceAnchor: z
    .string()
    .trim()
    .refine((v) => v === "" || isValidDate(v), "Ange ”Nästa gång” som ett datum (ÅÅÅÅ-MM-DD)")
    .transform((v) => v || null),
  recurrenceWeek: z
    .string()
    .refine((v) => v === "" || MONTH_WEEKS.includes(Number(v) as MonthWeek), "Välj vilken vecka i månaden")
    .transform((v) => (v === "" ? null : (Number(v) as MonthWeek))),
  streetAddress: optionalText(200),
  ...factsSchema.shape,
});

/** Every second week is anchored on a real night: "nästa gång" must fall on one of the quiz's weekdays. */
const eventFormWithRule = eventFormSchema.superRefine((input, ctx) => {
  if (input.bookingUrl && input.booking === "none")
    ctx.addIssue({ code: "custom", path: ["bookingUrl"], message: BOOKING_URL_WITHOUT_BOOKING });
  if (input.recurrence !== "biweekly" || !input.recurrenceAnchor) return;
  const weekday = weekdayOfDate(input.recurrenceAnchor);
  if (!input.schedules.some((s) => s.weekday === weekday))
    ctx.addIssue({ code: "custom", path: ["recurrenceAnchor"], message: ANCHOR_WEEKDAY_ERROR });
});

export type EventFormInput = z.infer<typeof eventFormSchema>;

const formText = (form: FormData) => (name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The values a refused post carried, in the form's shape, so a page posted without JavaScript shows them
 * again beside their errors. Unknown choices fall back to the defaults; the schema has refused them anyway.
 */
export function submittedFormValues(form: FormData): EventFormValues {
  const text = formText(form);
  const defaults = defaultFormValues();
  const times = form.getAll("scheduleTime").map(String);
  const schedules = form
    .getAll("scheduleWeekday")
    .map(String)
    .slice(0, 7)
    .map((weekday, i) => ({
      weekday: (WEEKDAYS as readonly string[]).includes(weekday)
        ? (weekday as Weekday)
        : DEFAULT_SCHEDULE.weekday,
      time: times[i] ?? "",
    }));
  const pick = <T extends string>(value: string, options: readonly T[], fallback: T) =>
    (options as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    title: text("title"),
    description: text("description"),
    schedules: schedules.length ? schedules : defaults.schedules,
    location: text("location"),
    locationUrl: text("locationUrl"),
    city: pick(text("city"), CITY_NAMES, defaults.city),
    quizType: QUIZ_TYPES.filter((t) => form.getAll("quizType").includes(t)),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    instagram: text("instagram"),
    maxPersonsPerTeam: pick(text("maxPersonsPerTeam"), TEAM_SIZE_OPTIONS, defaults.maxPersonsPerTeam as "6"),
    recurrence: pick(text("recurrence"), ["weekly", "biweekly", "monthly"] as const, "weekly"),
    recurrenceAnchor: text("recurrenceAnchor"),
    recurrenceWeek: pick(text("recurrenceWeek"), ["1", "2", "3", "4", "-1"] as const, "1"),
    streetAddress: text("streetAddress"),
    entryFee: text("entryFee"),
    booking: pick(text("booking"), BOOKINGS, ""),
    bookingUrl: text("bookingUrl"),
    prize: text("prize"),
    difficulty: pick(text("difficulty"), DIFFICULTIES, ""),
    language: pick(text("language"), LANGUAGES, ""),
    wheelchairAccessible: pick(text("wheelchairAccessible"), ["ja", "nej"] as const, ""),
  };
}

/** Reads the multipart form the event form posts (schedules and quiz types are repeated fields). */
export function readEventForm(form: FormData) {
  const text = formText(form);
  const weekdays = form.getAll("scheduleWeekday").map(String);
  const times = form.getAll("scheduleTime").map(String);
  return eventFormWithRule.safeParse({
    title: text("title"),
    description: text("description"),
    schedules: weekdays.map((weekday, i) => ({ weekday, time: times[i] ?? "" })),
    location: text("location"),
    locationUrl: text("locationUrl"),
    city: text("city"),
    quizType: form.getAll("quizType").map(String),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    instagram: text("instagram"),
    maxPersonsPerTeam: text("maxPersonsPerTeam"),
    recurrence: text("recurrence") || "weekly",
    recurrenceAnchor: text("recurrenceAnchor"),
    recurrenceWeek: text("recurrenceWeek"),
    streetAddress: text("streetAddress"),
    ...readFactFields(form),
  });
}

/** The facts' raw fields of a posted form (a form without them leaves every fact unknown). */
function readFactFields(form: FormData): Record<keyof FactFormValues, string> {
  const text = formText(form);
  return {
    entryFee: text("entryFee"),
    booking: text("booking"),
    bookingUrl: text("bookingUrl"),
    prize: text("prize"),
    difficulty: text("difficulty"),
    language: text("language"),
    wheelchairAccessible: text("wheelchairAccessible"),
  };
}

/** The date of a row's next night from today (today included), as "nästa gång" suggests it. */
export function suggestedAnchor(row: { weekday: Weekday; time: string }, now = new Date()): string {
  const today = stockholmDate(now);
  const ahead = (WEEKDAYS.indexOf(row.weekday) - WEEKDAYS.indexOf(weekdayOfDate(today)) + 7) % 7;
  return addDays(today, ahead);
}
