import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of the pages a list mail's links open: a heading, what happened, and the way back. */
export function ListPage({ title, children }: { title: string; children: ReactNode }) {
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

export const INVALID_LINK_TITLE = "Länken fungerar inte";
export const INVALID_LINK_TEXT =
  "Länken är ogiltig eller har redan använts. Kontrollera att du kopierade hela länken från mejlet.";

/**
 * The headers of a page whose address holds a key: neither the server's page cache nor any other cache
 * keeps it, so nobody is served another visit's copy and a key that is gone stops working at once.
 */
export const KEY_PAGE_HEADERS = { "Cache-Control": "no-store" };
