import { type ComponentProps, type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { MIN_PASSWORD_LENGTH } from "../password-rules";

/** A labelled input of the account forms: the shared Field and Input, tall enough to tap on a phone. */
export function AuthField({
  label,
  hint,
  className,
  ...props
}: ComponentProps<"input"> & { label: string; hint?: string }) {
  return (
    <Field label={label} hint={hint} className={className}>
      <Input className="min-h-11" {...props} />
    </Field>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function ModeLink(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      {...props}
      className={cn(
        "rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300",
        props.className,
      )}
    />
  );
}

export function EmailField(props: Omit<ComponentProps<"input">, "name" | "type">) {
  return <AuthField label="E-post" name="email" type="email" autoComplete="email" {...props} />;
}

/** A new password and its confirmation (fields `password` and `confirmation`). */
export function NewPasswordFields() {
  return (
    <>
      <AuthField
        label="Nytt lösenord"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`Minst ${MIN_PASSWORD_LENGTH} tecken.`}
      />
      <AuthField
        label="Bekräfta nytt lösenord"
        name="confirmation"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** The form's full-width submit button: off while sending, then saying what it does; off until hydrated too, unless the form is one the server answers without JavaScript. */
export function SubmitButton({
  isSubmitting,
  busyLabel,
  worksWithoutScript = false,
  children,
}: {
  isSubmitting: boolean;
  busyLabel: string;
  worksWithoutScript?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={(!hydrated && !worksWithoutScript) || isSubmitting}
      className="mt-2 w-full"
    >
      {isSubmitting ? busyLabel : children}
    </Button>
  );
}
