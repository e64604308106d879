import { CalendarPlus } from "lucide-react";

/** A calendar subscription: the webcal:// link calendar apps open, with the plain https file beside it. */
export function webcalUrl(origin: string, path: string): string {
  return `${origin.replace(/^https?:/, "webcal:")}${path}`;
}

export function CalendarSubscribeLinks({ origin, path }: { origin: string; path: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <a
        href={webcalUrl(origin, path)}
        className="inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
      >
        <CalendarPlus aria-hidden className="size-4" />
        Prenumerera i kalendern
      </a>
      <a href={path} className="text-stone-600 underline underline-offset-2 dark:text-stone-400">
        .ics-fil
      </a>
    </span>
  );
}
