import { CheckCircle2 } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { DialogClose } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import type { PageFormAnswer } from "./page-form-answer";
import { LIMITS } from "./report-schema";

/** The thanks takes focus: it replaces the form the visitor was in. */
export function ThanksPanel({ title, text }: { title: string; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-col items-center gap-2 rounded-2xl py-6 text-center outline-none"
    >
      <CheckCircle2 aria-hidden className="size-10 text-green-700 dark:text-green-400" />
      <p className="text-base font-semibold text-stone-900 dark:text-stone-100">{title}</p>
      <p className="text-sm text-stone-600 dark:text-stone-400">{text}</p>
    </div>
  );
}

export function FormAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p>{children}</p>
    </div>
  );
}

export function ContactFields({
  nameField,
  values,
  emailError,
}: {
  nameField: string;
  values: Record<string, string> | undefined;
  emailError?: string | null;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Ditt namn" marker="optional">
        <Input
          name={nameField}
          defaultValue={values?.[nameField]}
          maxLength={LIMITS.name}
          autoComplete="name"
        />
      </Field>
      <Field label="Din e-post" marker="optional" error={emailError}>
        <Input
          name="contactEmail"
          type="email"
          defaultValue={values?.contactEmail}
          maxLength={LIMITS.email}
          autoComplete="email"
        />
      </Field>
    </div>
  );
}

/** A field people never see. */
export function HoneypotField() {
  return (
    <div aria-hidden className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Webbplats
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** In a dialog the form ends with "Avbryt" beside the send button; on its page, with the button alone. */
export function FormActions({
  label,
  isBusy,
  isDisabled = isBusy,
  inDialog,
}: {
  label: string;
  isBusy: boolean;
  isDisabled?: boolean;
  inDialog: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      {inDialog ? (
        <DialogClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </DialogClose>
      ) : null}
      <Button type="submit" disabled={isDisabled}>
        {isBusy ? "Skickar..." : label}
      </Button>
    </div>
  );
}

export const failureOf = (answer: PageFormAnswer | undefined) => (answer && !answer.ok ? answer : null);

/** An empty required field says the words written for it; any other problem, the schema's words. */
export function messageAt(
  errors: Partial<Record<string, string>>,
  field: string,
  emptyMessage: string,
  isEmpty: (message: string) => boolean,
) {
  const message = errors[field];
  if (!message) return null;
  return isEmpty(message) ? emptyMessage : message;
}
