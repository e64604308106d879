import { asc, count, ilike, or } from "drizzle-orm";
import { events } from "~/db/schema";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { pageWindow } from "~/lib/paging";

export type EventSearchHit = {
  id: string;
  title: string;
  location: string | null;
  city: string;
  path: string;
};

export const ADMIN_SEARCH_MAX = 100;

/** Escapes LIKE wildcards: "100%" means the text itself. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin's list of quiz nights, by title, one page at a time (`page` is 1-based; past the end it is the
 * last page); with `q`, only those whose name, venue, street or city contains it.
 */
export async function listEventsForAdmin(
  db: Db,
  { q, page, size }: { q: string; page: number; size: number },
): Promise<{ hits: EventSearchHit[]; page: number; pages: number; total: number }> {
  const text = q.trim().slice(0, ADMIN_SEARCH_MAX);
  const pattern = likePattern(text);
  const where = text
    ? or(
        ilike(events.title, pattern),
        ilike(events.locationName, pattern),
        ilike(events.streetAddress, pattern),
        ilike(events.city, pattern),
      )
    : undefined;
  const [counted] = await db.select({ n: count() }).from(events).where(where);
  const total = Number(counted?.n ?? 0);
  const window = pageWindow(total, page, size);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      location: events.locationName,
      city: events.city,
      slug: events.slug,
    })
    .from(events)
    .where(where)
    .orderBy(asc(events.title), asc(events.id))
    .offset(window.offset)
    .limit(window.limit);
  return {
    hits: rows.map(({ slug, ...r }) => ({ ...r, path: `/quiz/${cityByName(r.city)?.slug ?? ""}/${slug}` })),
    page: window.page,
    pages: window.pages,
    total,
  };
}

export async function countEvents(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events);
  return Number(row?.n ?? 0);
}
