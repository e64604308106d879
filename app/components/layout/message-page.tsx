import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of a page a mail's link or a plain form opens: a heading, what happened, and the way back. */
export function MessagePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 space-y-4 text-stone-700 dark:text-stone-300">{children}</div>
      <p className="mt-8 text-sm">
        <Link to="/" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          ← Till Quizkväll
        </Link>
      </p>
    </div>
  );
}
