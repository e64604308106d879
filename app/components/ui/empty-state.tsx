import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const paddings = {
  sm: "p-6",
  md: "p-8",
  lg: "px-6 py-12",
  xl: "px-6 py-16",
} as const;

const tones = {
  muted: "text-stone-600 dark:text-stone-400",
  body: "text-stone-700 dark:text-stone-300",
  inherit: "",
} as const;

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
