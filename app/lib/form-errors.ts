import type { z } from "zod";

/**
 * What went wrong with a form post, field by field: the key is the name of the field the schema blamed
 * (the first segment of the issue's path), the value its first message. Browser-safe: the form shows the
 * same errors whether the browser or the action found them.
 */
export type FieldErrors = Partial<Record<string, string>>;

/** An action's answer to a form it refused: errors at their fields and, for what no field caused, one line. */
export type FormFailure = { ok: false; fieldErrors: FieldErrors; formError: string | null };

/** The first message for each field a zod error names; issues without a path go under "form". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message of a failure, field errors in the order the schema reported them. */
export function firstErrorOf(failure: Pick<FormFailure, "fieldErrors" | "formError">): string | null {
  return Object.values(failure.fieldErrors).find(Boolean) ?? failure.formError;
}

export function hasFieldErrors(errors: FieldErrors | null | undefined): boolean {
  return Boolean(errors && Object.values(errors).some(Boolean));
}
