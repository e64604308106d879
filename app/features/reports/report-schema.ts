import { z } from "zod";
import { lineText, multilineText } from "~/lib/text-input";

export const REPORT_TYPES = [
  { value: "incorrect_info", label: "Felaktig/gammal information" },
  { value: "other", label: "Annat" },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]["value"];

export const SUGGESTION_CITIES = ["Göteborg", "Stockholm", "Malmö", "Annan"] as const;

export const LIMITS = {
  title: 150,
  description: 2000,
  venueName: 150,
  additionalInfo: 2000,
  name: 100,
  email: 254,
} as const;

/** What each required field says under itself when it is empty, in the dialogs and on the pages alike. */
export const REPORT_REQUIRED_MESSAGES = {
  type: "Välj typ av problem.",
  title: "Skriv en titel.",
  description: "Beskriv problemet.",
};
export const SUGGESTION_REQUIRED_MESSAGES = { venue: "Skriv ställets namn.", city: "Välj en stad." };

export const REQUIRED_FIELDS_TITLE = "Fyll i alla obligatoriska fält";
export const REQUIRED_FIELDS_MESSAGE = "Typ, titel och beskrivning är obligatoriska";

const text = (
  label: string,
  max: number,
  missing = `${label} måste vara text.`,
  options: { multiline?: boolean } = {},
) =>
  (options.multiline ? multilineText : lineText)({
    error: (issue) => (issue.input === undefined ? missing : `${label} måste vara text.`),
  })
    .trim()
    .max(max, `${label} får vara högst ${max} tecken.`);

/** Empty optional fields are stored as null. */
const optionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  text(label, max, undefined, options)
    .nullish()
    .transform((v) => v || null);

const optionalEmail = optionalText("E-postadressen", LIMITS.email).refine(
  (v) => v === null || z.email().safeParse(v).success,
  "Ange en giltig e-postadress.",
);

/** Bots fill every field; people never see this one. Any value marks the submission as spam. */
const honeypot = z.unknown().optional();

export const reportInputSchema = z.object(
  {
    eventId: z.uuid({ error: "Eventet finns inte." }),
    reportType: z.enum(REPORT_TYPES.map((t) => t.value) as [ReportType, ...ReportType[]], {
      error: REQUIRED_FIELDS_MESSAGE,
    }),
    title: text("Titeln", LIMITS.title, REQUIRED_FIELDS_MESSAGE).min(1, REQUIRED_FIELDS_MESSAGE),
    description: text("Beskrivningen", LIMITS.description, REQUIRED_FIELDS_MESSAGE, {
      multiline: true,
    }).min(1, REQUIRED_FIELDS_MESSAGE),
    reporterName: optionalText("Namnet", LIMITS.name),
    contactEmail: optionalEmail,
    website: honeypot,
  },
  { error: "Förfrågan måste vara ett JSON-objekt." },
);
export type ReportInput = z.output<typeof reportInputSchema>;

export const suggestionInputSchema = z.object(
  {
    venueName: text("Ställets namn", LIMITS.venueName, "Ställets namn är obligatoriskt.").min(
      1,
      "Ställets namn är obligatoriskt.",
    ),
    city: z.enum(SUGGESTION_CITIES, { error: "Välj en stad." }),
    contactName: optionalText("Namnet", LIMITS.name),
    contactEmail: optionalEmail,
    additionalInfo: optionalText("Övrig information", LIMITS.additionalInfo, { multiline: true }),
    website: honeypot,
  },
  { error: "Förfrågan måste vara ett JSON-objekt." },
);
export type SuggestionInput = z.output<typeof suggestionInputSchema>;

export function isSpam(input: { website?: unknown }): boolean {
  return input.website !== undefined && input.website !== null && input.website !== "";
}

/** A suggestion is stored as a pending missing_quiz report: the venue as title, city and notes as text. */
export function suggestionToReport(input: SuggestionInput) {
  const description = [`Stad: ${input.city}`, input.additionalInfo].filter(Boolean).join("\n\n");
  return {
    eventId: null,
    reportType: "missing_quiz" as const,
    title: input.venueName,
    description,
    reporterName: input.contactName,
    contactEmail: input.contactEmail,
  };
}

export function reportToSuggestion(report: { title: string; description: string }): {
  venueName: string;
  city: (typeof SUGGESTION_CITIES)[number] | null;
  additionalInfo: string | null;
} {
  const match = /^Stad: ([^\n]*)(?:\n\n([\s\S]*))?$/.exec(report.description);
  const city = SUGGESTION_CITIES.find((c) => c === match?.[1]) ?? null;
  const additionalInfo = match ? (match[2] ?? null) : report.description || null;
  return { venueName: report.title, city, additionalInfo: additionalInfo?.trim() || null };
}
