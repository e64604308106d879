import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { LIMITS } from "./report-schema";

/** The no-JS pages are the dialogs' forms, so they use the dialogs' words. */

export function ThanksPanel({ title, text }: { title: string; text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-2xl py-6 text-center">
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

export function PageContactFields({
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

/** A field people never see (form-fields.tsx's HoneypotField, without state). */
export function PageHoneypot() {
  return (
    <div aria-hidden className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Webbplats
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

export function SubmitButton({ label, isBusy }: { label: string; isBusy: boolean }) {
  return (
    <div className="flex justify-end pt-2">
      <Button type="submit" disabled={isBusy}>
        {isBusy ? "Skickar..." : label}
      </Button>
    </div>
  );
}
