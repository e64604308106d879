import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DialogClose } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { LIMITS } from "./report-schema";

/** A field people never see. */
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
      <Field id={`${id}-name`} label="Ditt namn" marker="optional">
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={LIMITS.name}
          autoComplete="name"
          onChange={(e) => onNameChange(e.target.value)}
        />
      </Field>
      <Field id={`${id}-email`} label="Din e-post" marker="optional">
        <Input
          id={`${id}-email`}
          type="email"
          value={email}
          maxLength={LIMITS.email}
          autoComplete="email"
          onChange={(e) => onEmailChange(e.target.value)}
        />
      </Field>
    </div>
  );
}

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

/** Errors show once a field is left or a send tried; a refused send focuses the first empty field. */
export function useRequiredFields<K extends string>(
  idPrefix: string,
  messages: Record<K, string>,
  values: Record<K, string>,
) {
  const [shown, setShown] = useState<ReadonlySet<K>>(new Set());
  const keys = Object.keys(messages) as K[];
  const missing = keys.filter((k) => values[k].trim() === "");
  const errorOf = (key: K) => (shown.has(key) && missing.includes(key) ? messages[key] : null);
  const onBlur = (key: K) => () => {
    if (missing.includes(key)) setShown((s) => new Set(s).add(key));
  };
  const check = () => {
    if (!missing.length) return true;
    setShown(new Set(keys));
    document.getElementById(`${idPrefix}-${missing[0]}`)?.focus();
    return false;
  };
  const reset = () => setShown(new Set());
  return { errorOf, onBlur, check, reset, isComplete: missing.length === 0 };
}
