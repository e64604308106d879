import { z } from "zod";
import { parseTime } from "~/lib/time";
import { isValidDate } from "../occurrences";

/** An admin's change to one date of an event: cancel it ('Inställt', optional note) or add a one-off night. */
export const NOTE_MAX = 200;

export const exceptionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("cancelled"),
    date: z.string().refine(isValidDate, "Ange ett datum som ÅÅÅÅ-MM-DD"),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, `Högst ${NOTE_MAX} tecken`)
      .optional()
      .transform((v) => v || null),
  }),
  z.object({
    kind: z.literal("extra"),
    date: z.string().refine(isValidDate, "Ange ett datum som ÅÅÅÅ-MM-DD"),
    time: z.string().refine((t) => parseTime(t) !== null, "Ange en tid som HH:MM"),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, `Högst ${NOTE_MAX} tecken`)
      .optional()
      .transform((v) => v || null),
  }),
]);
export type ExceptionInput = z.infer<typeof exceptionSchema>;

export const removeExceptionSchema = z.object({
  kind: z.enum(["cancelled", "extra"], "Ogiltig typ"),
  date: z.string().refine(isValidDate, "Ange ett datum som ÅÅÅÅ-MM-DD"),
});
