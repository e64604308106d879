import { z } from "zod";
import { lineText, multilineText } from "~/lib/text-input";
import { parseIsoWeek, parseStockholmDateTime } from "~/lib/time";
import { DIFFICULTIES, QUIZ_CATEGORIES } from "./categories";
import { OPTION_LETTERS } from "./quiz-format";

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** An optional field `parse` reads: empty is null, anything it cannot read fails with `message`. */
function optionalField<T>(parse: (value: string) => T | null, message: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const parsed = parse(value);
      if (parsed === null) ctx.addIssue({ code: "custom", message });
      return parsed;
    });
}

/** The 'Quiz Information' form. */
const quizFormSchema = z.object({
  title: lineText({ error: "Titel krävs" })
    .trim()
    .min(1, "Titel krävs")
    .max(120, "Titeln får vara högst 120 tecken"),
  category: z.enum(QUIZ_CATEGORIES, { error: "Välj en kategori" }),
  difficulty: z.enum(DIFFICULTIES, { error: "Välj en svårighetsgrad" }).default("medium"),
  description: multilineText()
    .trim()
    .max(2000, "Beskrivningen får vara högst 2000 tecken")
    .optional()
    .transform((v) => (v ? v : null)),
  isActive: checkbox,
  // `<input type="week">` sends "2026-W48"; a browser without it shows a text box that takes the same form.
  week: optionalField(parseIsoWeek, "Ange veckan som år och vecka, till exempel 2026-W48"),
  // `<input type="datetime-local">` sends Stockholm wall-clock time "2026-11-22T08:00".
  publishedAt: optionalField(parseStockholmDateTime, "Ange publiceringstiden som datum och klockslag"),
});

const optionText = lineText({ error: "Alla tre svarsalternativ krävs" })
  .trim()
  .min(1, "Alla tre svarsalternativ krävs")
  .max(200, "Ett svarsalternativ får vara högst 200 tecken");

/** A question: text, exactly three non-empty options, exactly one correct (an index 0..2). */
const questionFormSchema = z.object({
  questionText: multilineText({ error: "Frågetext krävs" })
    .trim()
    .min(1, "Frågetext krävs")
    .max(500, "Frågan får vara högst 500 tecken"),
  options: z
    .tuple([optionText, optionText, optionText])
    .refine(
      (options) => new Set(options.map((o) => o.toLocaleLowerCase("sv-SE").replace(/\s+/g, " "))).size === 3,
      "De tre svarsalternativen måste vara olika",
    ),
  // An empty or missing choice is no choice: it must never be read as 0 (option A).
  imageAlt: lineText()
    .trim()
    .max(300, "Bildtexten får vara högst 300 tecken")
    .optional()
    .transform((v) => (v ? v : null)),
  correct: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: "Välj rätt svar" })
      .int("Välj rätt svar")
      .min(0, "Välj rätt svar")
      .max(2, "Välj rätt svar"),
  ),
});

/** Reads the question form's fields (optionA/optionB/optionC, correct) into the schema's shape. */
export function readQuestionForm(form: FormData) {
  return questionFormSchema.safeParse({
    questionText: form.get("questionText") ?? undefined,
    options: OPTION_LETTERS.map((letter) => form.get(`option${letter}`) ?? undefined),
    correct: form.get("correct") ?? undefined,
    imageAlt: form.get("imageAlt") ?? undefined,
  });
}

export function readQuizForm(form: FormData) {
  return quizFormSchema.safeParse({
    title: form.get("title") ?? undefined,
    category: form.get("category") ?? undefined,
    difficulty: form.get("difficulty") || undefined,
    description: form.get("description") ?? undefined,
    isActive: form.get("isActive") ?? undefined,
    week: form.get("week") ?? undefined,
    publishedAt: form.get("publishedAt") ?? undefined,
  });
}
