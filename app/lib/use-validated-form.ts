import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrorsOf, hasFieldErrors } from "./form-errors";

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
  validate: (form: FormData) => z.ZodSafeParseResult<unknown>;
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
    const parsed = validate(new FormData(event.currentTarget));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrorsOf(parsed.error);
    setClientErrors(found);
    onInvalid?.(found);
  }

  return { formRef, errors, onSubmit, reset: () => setClientErrors(null) };
}
