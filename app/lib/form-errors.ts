import type { z } from "zod";

/** First message per field. Browser-safe, so both sides show the same errors. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormFailure = { ok: false; fieldErrors: FieldErrors; formError: string | null };

/** Issues without a path go under "form". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function firstErrorOf(failure: Pick<FormFailure, "fieldErrors" | "formError">): string | null {
  return Object.values(failure.fieldErrors).find(Boolean) ?? failure.formError;
}

export function hasFieldErrors(errors: FieldErrors | null | undefined): boolean {
  return Boolean(errors && Object.values(errors).some(Boolean));
}
