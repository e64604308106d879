import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const paddings = {
  /** A short line inside a panel. */
  sm: "p-6",
  /** A list page with nothing in it yet. */
  md: "p-8",
  /** The place of a list of events. */
  lg: "px-6 py-12",
  /** The home page's list, with a heading and a way out. */
  xl: "px-6 py-16",
} as const;

const tones = {
  muted: "text-stone-600 dark:text-stone-400",
  body: "text-stone-700 dark:text-stone-300",
  /** The page's own text colour. */
  inherit: "",
} as const;

/**
 * The dashed box that stands where a list would be when there is nothing to show: one line ("Inga quiz
 * än.") or, as a `div`, a heading with advice and a button.
 */
export function EmptyState({
  as: Tag = "p",
  padding = "md",
  tone = "muted",
  centered = true,
  className,
  children,
}: {
  as?: "p" | "div";
  padding?: keyof typeof paddings;
  tone?: keyof typeof tones;
  centered?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag
      className={cn(
        "rounded-2xl border border-dashed border-stone-300 dark:border-stone-700",
        paddings[padding],
        centered && "text-center",
        tones[tone],
        className,
      )}
    >
      {children}
    </Tag>
  );
}
