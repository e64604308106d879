import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf, hasFieldErrors } from "./form-errors";

/** Errors found without zod, for a page that should not load a schema library for one field. */
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

/** Refuses a failing submit in the browser; focus moves to the first invalid control. */
export function useValidatedForm({
  validate,
  serverErrors,
  onInvalid,
}: {
  validate: (form: FormData) => FormCheck;
  serverErrors?: FieldErrors | null;
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
