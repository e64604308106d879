import { CheckCircle2 } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { LIMITS } from "./report-schema";

/** Parts of the report and suggestion forms, which are the same on their pages and in their dialogs. */

/** The answer's panel after a stored report or suggestion; focus moves to it from the gone submit button. */
export function ThanksPanel({
  title,
  text,
  ref,
}: {
  title: string;
  text: string;
  ref?: Ref<HTMLDivElement>;
}) {
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

/** A refusal of the whole form, in the words of the spec's toast (title and text). */
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

/** The optional 'Ditt namn' and 'Din e-post' pair both forms end with, named as the schema names them. */
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

/**
 * A field people never see. Bots fill every input they find; the server stores nothing when this one has a
 * value. Kept out of the tab order and hidden from assistive technology.
 */
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

/** The submit button, which says 'Skickar...' while sending, after the dialog's 'Avbryt' (`cancel`). */
export function FormActions({
  submitLabel,
  isBusy,
  isDisabled = false,
  cancel,
}: {
  submitLabel: string;
  isBusy: boolean;
  isDisabled?: boolean;
  cancel?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      {cancel}
      <Button type="submit" disabled={isBusy || isDisabled}>
        {isBusy ? "Skickar..." : submitLabel}
      </Button>
    </div>
  );
}
