import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf, hasFieldErrors } from "./form-errors";

/**
 * What a form's check says: a zod parse result, or the errors a check without zod found (null for none),
 * for a form whose page should not load a schema library for one field.
 */
type FormCheck = z.ZodSafeParseResult<unknown> | FieldErrors | null;

function errorsOf(check: FormCheck): FieldErrors | null {
  if (check === null) return null;
  if (typeof check.success === "boolean") {
    const parsed = check as z.ZodSafeParseResult<unknown>;
    return parsed.success ? null : fieldErrorsOf(parsed.error);
  }
  const errors = check as FieldErrors;
  return hasFieldErrors(errors) ? errors : null;
}

/**
 * The browser half of a form whose action validates with the same schema: `onSubmit` runs `validate` on the
 * form's data and, when it fails, keeps the post from leaving and shows the errors at their fields. The
 * errors shown are the browser's from the last refused submit, otherwise the action's (`serverErrors`).
 * Whenever a new set of errors appears, focus moves to the first invalid control in the form (every
 * control of a `Field` with an error carries `aria-invalid`).
 */
export function useValidatedForm({
  validate,
  serverErrors,
  onInvalid,
}: {
  validate: (form: FormData) => FormCheck;
  serverErrors?: FieldErrors | null;
  /** Told about a submit the browser refused (a toast, for instance). */
  onInvalid?: (errors: FieldErrors) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = clientErrors ?? serverErrors ?? {};

  useEffect(() => {
    if (!hasFieldErrors(errors)) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = errorsOf(validate(new FormData(event.currentTarget)));
    if (!found) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(found);
    onInvalid?.(found);
  }

  return { formRef, errors, onSubmit, reset: () => setClientErrors(null) };
}
