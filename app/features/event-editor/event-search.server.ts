import { asc, count, ilike, or } from "drizzle-orm";
import { events } from "~/db/schema";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";

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

export async function searchEventsForAdmin(
  db: Db,
  q: string,
  limit: number,
): Promise<{ hits: EventSearchHit[]; more: boolean }> {
  const pattern = likePattern(q.trim().slice(0, ADMIN_SEARCH_MAX));
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      location: events.locationName,
      city: events.city,
      slug: events.slug,
    })
    .from(events)
    .where(or(ilike(events.title, pattern), ilike(events.locationName, pattern)))
    .orderBy(asc(events.title), asc(events.id))
    .limit(limit + 1);
  return {
    hits: rows.slice(0, limit).map(({ slug, ...r }) => ({
      ...r,
      path: `/quiz/${cityByName(r.city)?.slug ?? ""}/${slug}`,
    })),
    more: rows.length > limit,
  };
}

export async function countEvents(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events);
  return Number(row?.n ?? 0);
}
