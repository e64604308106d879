import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf, firstErrorOf, hasFieldErrors } from "./form-errors";

const schema = z
  .object({
    title: z.string().min(1, "Titel krävs"),
    rows: z.array(z.object({ time: z.string().regex(/^\d\d:\d\d$/, "Ange en tid som HH:MM") })),
  })
  .superRefine((_, ctx) => ctx.addIssue({ code: "custom", message: "Något annat" }));

describe("fieldErrorsOf", () => {
  it("keeps the first message per field, nested paths under their field, pathless ones under 'form'", () => {
    const parsed = schema.safeParse({ title: "", rows: [{ time: "7" }, { time: "8" }] });
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    expect(errors).toEqual({ title: "Titel krävs", rows: "Ange en tid som HH:MM", form: "Något annat" });
    expect(firstErrorOf({ fieldErrors: errors, formError: null })).toBe("Titel krävs");
    expect(hasFieldErrors(errors)).toBe(true);
  });

  it("falls back to the form's own message, and knows an empty set", () => {
    expect(firstErrorOf({ fieldErrors: {}, formError: "Eventet finns inte" })).toBe("Eventet finns inte");
    expect(firstErrorOf({ fieldErrors: {}, formError: null })).toBeNull();
    expect(hasFieldErrors({})).toBe(false);
    expect(hasFieldErrors(null)).toBe(false);
  });
});
