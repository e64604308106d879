import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { FieldErrors } from "~/lib/form-errors";
import { useActionResult } from "~/lib/use-action-result";
import { useValidatedForm } from "~/lib/use-validated-form";
import { failureOf, type PageFormAnswer } from "./page-form-answer";

type RequiredState = { isEmpty: Partial<Record<string, boolean>>; isShown: ReadonlySet<string> };

/**
 * The required fields of a form, named with what each says under itself when empty (`emptyMessages`). A
 * field left empty says so once the visitor has left it; a filled one loses its error at once; otherwise
 * the last check's `errors` show, the empty ones in the field's own words (`isEmptyMessage` tells the
 * schema's "missing" messages apart). `formProps` go on the form, whose inputs need no handlers of their own.
 */
function useRequiredFields(
  emptyMessages: Record<string, string>,
  errors: FieldErrors,
  isEmptyMessage: (message: string) => boolean,
) {
  const [state, setState] = useState<RequiredState>({ isEmpty: {}, isShown: new Set() });
  const read = (event: FormEvent<HTMLFormElement>, isLeaving: boolean) => {
    const { name, value } = event.target as Partial<HTMLInputElement>;
    if (!name || !(name in emptyMessages) || typeof value !== "string") return;
    const isEmpty = value.trim() === "";
    setState((s) => ({
      isEmpty: { ...s.isEmpty, [name]: isEmpty },
      isShown: isLeaving && isEmpty ? new Set(s.isShown).add(name) : s.isShown,
    }));
  };
  const errorAt = (name: string): string | null => {
    const message = errors[name] ?? null;
    const emptyMessage = emptyMessages[name] ?? null;
    const isEmpty = state.isEmpty[name];
    if (isEmpty === false) return message && isEmptyMessage(message) ? null : message;
    if (isEmpty && state.isShown.has(name)) return emptyMessage;
    return message && isEmptyMessage(message) ? emptyMessage : message;
  };
  return {
    errorAt,
    formProps: {
      onBlur: (event: FormEvent<HTMLFormElement>) => read(event, true),
      onChange: (event: FormEvent<HTMLFormElement>) => read(event, false),
    },
  };
}

/**
 * What the report and the suggestion form share: a fetcher posting to the page's action, the answer shown
 * (the fetcher's, else `answer`, the page's own when it was posted without JavaScript), the browser's
 * check with the schema before a post leaves, the required fields' errors, and focus on the thank-you
 * panel when it replaces the form. `onAnswer` hears each answer the fetcher brings (the dialog's toasts).
 */
export function usePageForm({
  answer,
  validate,
  emptyMessages,
  isEmptyMessage,
  onAnswer,
  onInvalid,
}: {
  answer: PageFormAnswer | undefined;
  validate: (form: FormData) => z.ZodSafeParseResult<unknown>;
  emptyMessages: Record<string, string>;
  isEmptyMessage: (message: string) => boolean;
  onAnswer?: (answer: PageFormAnswer) => void;
  onInvalid?: (errors: FieldErrors) => void;
}) {
  const fetcher = useFetcher<PageFormAnswer>();
  const result = fetcher.data ?? answer;
  const failure = failureOf(result);
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate,
    serverErrors: failure?.fieldErrors,
    onInvalid,
  });
  const required = useRequiredFields(emptyMessages, errors, isEmptyMessage);
  const thanksRef = useRef<HTMLDivElement>(null);
  useActionResult(fetcher.data, (data) => {
    if (data.ok) thanksRef.current?.focus();
    onAnswer?.(data);
  });
  return {
    Form: fetcher.Form,
    isBusy: fetcher.state !== "idle",
    isThanked: result?.ok === true,
    failure,
    errors,
    errorAt: required.errorAt,
    thanksRef,
    formProps: { ref: formRef, method: "post" as const, noValidate: true, onSubmit, ...required.formProps },
  };
}
