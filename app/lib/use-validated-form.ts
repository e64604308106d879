import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
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

const nameOf = (target: EventTarget) => (target as { name?: unknown }).name;

/**
 * Refuses a failing submit in the browser; focus moves to the first invalid control. A field's error also
 * shows once the field is left, and goes as soon as the field is put right.
 */
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
  const [refusals, setRefusals] = useState(0);
  const errors: FieldErrors = clientErrors ?? serverErrors ?? {};

  // Only a refused submit or the server's answer moves focus; leaving a field must not pull it back.
  useEffect(() => {
    if (refusals === 0 && !hasFieldErrors(serverErrors)) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals, serverErrors]);

  function recheck(form: HTMLFormElement, alsoShow?: string) {
    const found = errorsOf(validate(new FormData(form))) ?? {};
    setClientErrors((current) => {
      const shown = Object.keys(current ?? serverErrors ?? {});
      if (alsoShow) shown.push(alsoShow);
      return Object.fromEntries(shown.filter((name) => found[name]).map((name) => [name, found[name]]));
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = errorsOf(validate(new FormData(event.currentTarget)));
    if (!found) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(found);
    setRefusals((n) => n + 1);
    onInvalid?.(found);
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const name = nameOf(event.target);
    if (typeof name === "string" && name) recheck(event.currentTarget, name);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (hasFieldErrors(errors)) recheck(event.currentTarget);
  }

  return { formRef, errors, onSubmit, onBlur, onChange, reset: () => setClientErrors(null) };
}
