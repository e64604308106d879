import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { DialogClose } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { LIMITS } from "./report-schema";

/** Form controls shared by the report and suggestion dialogs. */

export const controlClasses =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-600 sm:text-sm dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 dark:focus-visible:border-brand-300";

export function FieldLabel({
  htmlFor,
  children,
  isRequired,
}: {
  htmlFor: string;
  children: ReactNode;
  isRequired?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
      {children}
      {isRequired ? (
        <span className="text-red-700 dark:text-red-400" aria-hidden>
          {" "}
          *
        </span>
      ) : (
        <span className="font-normal text-stone-600 dark:text-stone-400"> (valfritt)</span>
      )}
    </label>
  );
}

/**
 * A field people never see. Bots fill every input they find; the server stores nothing when this one has a
 * value. Kept out of the tab order and hidden from assistive technology.
 */
export function HoneypotField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Webbplats
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClasses, className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClasses, "min-h-24 resize-y", className)} {...props} />;
}

export function SelectInput({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClasses, "pr-8", className)} {...props} />;
}

/** The optional 'Ditt namn' and 'Din e-post' pair both dialogs end with. */
export function ContactFields({
  id,
  name,
  email,
  onNameChange,
  onEmailChange,
}: {
  id: string;
  name: string;
  email: string;
  onNameChange: (value: string) => void;
  onEmailChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <FieldLabel htmlFor={`${id}-name`}>Ditt namn</FieldLabel>
        <TextInput
          id={`${id}-name`}
          value={name}
          maxLength={LIMITS.name}
          autoComplete="name"
          onChange={(e) => onNameChange(e.target.value)}
        />
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-email`}>Din e-post</FieldLabel>
        <TextInput
          id={`${id}-email`}
          type="email"
          value={email}
          maxLength={LIMITS.email}
          autoComplete="email"
          onChange={(e) => onEmailChange(e.target.value)}
        />
      </div>
    </div>
  );
}

/** 'Avbryt' and the submit button, which says 'Skickar...' while sending. */
export function DialogActions({
  submitLabel,
  isSending,
  isDisabled,
}: {
  submitLabel: string;
  isSending: boolean;
  isDisabled: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">Avbryt</Button>
      </DialogClose>
      <Button type="submit" disabled={isDisabled}>
        {isSending ? "Skickar..." : submitLabel}
      </Button>
    </div>
  );
}
