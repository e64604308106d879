import { z } from "zod";
import {
  BOOKINGS,
  type Booking,
  DEFAULT_SCHEDULE,
  DIFFICULTIES,
  type Difficulty,
  ENTRY_FEE_MAX,
  isValidDate,
  LANGUAGES,
  type Language,
  MONTH_WEEKS,
  type MonthWeek,
  PRIZE_MAX_LENGTH,
  type QuizType,
  type Recurrence,
  weekdayOfDate,
} from "~/features/events/public";
import { CITY_NAMES, type CityName } from "~/lib/cities";
import { lineText, multilineText } from "~/lib/text-input";
import { parseTime, WEEKDAYS, type Weekday } from "~/lib/time";
import { defaultFormValues, QUIZ_TYPES, TEAM_SIZE_OPTIONS } from "./event-form-rules";

const ANCHOR_WEEKDAY_ERROR = "”Nästa gång” måste vara en av quizets veckodagar";

/** '-' or anything non-numeric means unknown. */
function parseTeamSize(value: string | null | undefined): number | null {
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
const PHONE_INVALID = "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser";

function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  return v === "" || /^\+?[\d ()-]*\d[\d ()-]*$/.test(v);
}

const ENTRY_FEE_INVALID = `Ange inträdet i hela kronor, 0–${ENTRY_FEE_MAX} (0 = gratis)`;
const BOOKING_URL_INVALID = "Ange bokningslänken som en https-adress (https://…)";
const BOOKING_URL_WITHOUT_BOOKING = "En bokningslänk kräver att bokning rekommenderas eller krävs";

const optionalChoice = <T extends string>(options: readonly T[], message: string) =>
  z
    .string()
    .refine((v) => v === "" || (options as readonly string[]).includes(v), message)
    .transform((v) => (v === "" ? null : (v as T)));

/** Every fact may be left unknown (decision 041). */
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

/** Titles and texts are trimmed; empties become null. */
const eventFormSchema = z.object({
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

/** Every second week is anchored on a real night: "nästa gång" must fall on a quiz weekday. */
const eventFormWithRule = eventFormSchema.superRefine((input, ctx) => {
  if (input.bookingUrl && input.booking === "none")
    ctx.addIssue({ code: "custom", path: ["bookingUrl"], message: BOOKING_URL_WITHOUT_BOOKING });
  if (input.recurrence !== "biweekly" || !input.recurrenceAnchor) return;
  const weekday = weekdayOfDate(input.recurrenceAnchor);
  if (!input.schedules.some((s) => s.weekday === weekday))
    ctx.addIssue({ code: "custom", path: ["recurrenceAnchor"], message: ANCHOR_WEEKDAY_ERROR });
});

export type EventFormInput = z.infer<typeof eventFormSchema>;

/** The fields that hold one text each: every field of the schema but the repeated schedule rows and quiz types. */
type TextField = Exclude<keyof typeof eventFormSchema.shape, "schedules" | "quizType">;
const TEXT_FIELDS = Object.keys(eventFormSchema.shape).filter(
  (name) => name !== "schedules" && name !== "quizType",
) as TextField[];

/** The fields the form offers as a list of options, typed as those options ("" is unknown). */
type ChoiceValues = {
  city: CityName;
  recurrence: Recurrence;
  /** "-1" is the last. */
  recurrenceWeek: `${MonthWeek}`;
  booking: Booking | "";
  difficulty: Difficulty | "";
  language: Language | "";
  wheelchairAccessible: "ja" | "nej" | "";
};

/**
 * What the form shows: a text for each field of the schema (the choices as their options), the schedule
 * rows and the quiz types. Every other hand-written list of the fields must match it.
 */
export type EventFormValues = Omit<Record<TextField, string>, keyof ChoiceValues> &
  ChoiceValues & { schedules: { weekday: Weekday; time: string }[]; quizType: QuizType[] };
export type FactFormValues = Pick<EventFormValues, keyof typeof factsSchema.shape>;

/** The posted form as the schema reads it: one text per field, the schedule rows, the quiz types. */
function postedFields(form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const times = form.getAll("scheduleTime").map(String);
  return {
    fields: Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])) as Record<TextField, string>,
    schedules: form
      .getAll("scheduleWeekday")
      .map(String)
      .map((weekday, i) => ({ weekday, time: times[i] ?? "" })),
    quizType: form.getAll("quizType").map(String),
  };
}

const pick = <T extends string>(value: string, options: readonly T[], fallback: T) =>
  (options as readonly string[]).includes(value) ? (value as T) : fallback;

/** Shown again beside their errors when posted without JavaScript; unknown choices fall back to defaults. */
export function submittedFormValues(form: FormData): EventFormValues {
  const { fields, schedules, quizType } = postedFields(form);
  const defaults = defaultFormValues();
  const rows = schedules.slice(0, 7).map(({ weekday, time }) => ({
    weekday: pick(weekday, WEEKDAYS, DEFAULT_SCHEDULE.weekday as Weekday),
    time,
  }));
  return {
    ...fields,
    schedules: rows.length ? rows : defaults.schedules,
    quizType: QUIZ_TYPES.filter((t) => quizType.includes(t)),
    city: pick(fields.city, CITY_NAMES, defaults.city),
    maxPersonsPerTeam: pick(fields.maxPersonsPerTeam, TEAM_SIZE_OPTIONS, defaults.maxPersonsPerTeam as "6"),
    recurrence: pick(fields.recurrence, ["weekly", "biweekly", "monthly"] as const, "weekly"),
    recurrenceWeek: pick(fields.recurrenceWeek, ["1", "2", "3", "4", "-1"] as const, "1"),
    booking: pick(fields.booking, BOOKINGS, ""),
    difficulty: pick(fields.difficulty, DIFFICULTIES, ""),
    language: pick(fields.language, LANGUAGES, ""),
    wheelchairAccessible: pick(fields.wheelchairAccessible, ["ja", "nej"] as const, ""),
  };
}

export function readEventForm(form: FormData) {
  const { fields, schedules, quizType } = postedFields(form);
  return eventFormWithRule.safeParse({
    ...fields,
    schedules,
    quizType,
    recurrence: fields.recurrence || "weekly",
  });
}
