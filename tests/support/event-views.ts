import type { EventView } from "~/features/events/public";
import { eventListCache } from "~/features/events/public.server";
import type { CityName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";

/** Every listed event as the public pages show it at `now`: the event-list cache's listing, newest first. */
export async function listEventViews(db: Db, now: Date = new Date()): Promise<EventView[]> {
  return (await eventListCache.listingAt(db, now)).views;
}

/** One event as its public page shows it at `now` (found by city and slug, as the page finds it), or null. */
export async function findEventView(
  db: Db,
  city: CityName,
  slug: string,
  now: Date = new Date(),
): Promise<EventView | null> {
  return (await listEventViews(db, now)).find((e) => e.city === city && e.slug === slug) ?? null;
}
