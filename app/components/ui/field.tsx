import { type ComponentProps, createContext, type ReactNode, useContext, useId } from "react";
import { cn } from "~/lib/cn";

/** Base text size on phones keeps iOS from zooming. */
export const controlClasses =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-600 sm:text-sm dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 dark:focus-visible:border-brand-300";

export const labelClasses = "block text-sm font-medium text-stone-800 dark:text-stone-200";

type FieldControl = { id: string; describedBy?: string; isInvalid: boolean };

const FieldContext = createContext<FieldControl | null>(null);

/** The control inside takes its id, `aria-describedby` and `aria-invalid` from the field, so the wiring is never forgotten. */
export function Field({
  id: givenId,
  label,
  hint,
  error,
  marker,
  className,
  children,
}: {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  marker?: "required" | "optional";
  className?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {marker === "required" ? (
          <span className="text-red-700 dark:text-red-400" aria-hidden>
            {" "}
            *
          </span>
        ) : marker === "optional" ? (
          <span className="font-normal text-stone-600 dark:text-stone-400"> (valfritt)</span>
        ) : null}
      </label>
      <FieldContext.Provider value={{ id, describedBy, isInvalid: Boolean(error) }}>
        {children}
      </FieldContext.Provider>
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useFieldProps<P extends { id?: string; "aria-describedby"?: string; "aria-invalid"?: unknown }>(
  props: P,
) {
  const field = useContext(FieldContext);
  return {
    id: field?.id,
    "aria-describedby": field?.describedBy,
    "aria-invalid": field?.isInvalid || undefined,
    ...props,
  };
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input {...useFieldProps(props)} className={cn(controlClasses, className)} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea {...useFieldProps(props)} className={cn(controlClasses, className)} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select {...useFieldProps(props)} className={cn(controlClasses, className)} />;
}
