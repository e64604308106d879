import { todayAndTomorrow } from "~/features/events/public";
import { type EventListCache, eventListCache } from "~/features/events/public.server";
import { readPosition } from "~/features/places/public";
import type { CityName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { type CityMapNights, cityMapFilter, cityMapNights } from "./city-map";
import type { DayShortcut } from "./day-shortcuts";
import { filterEvents } from "./filters";

export type CityMap = CityMapNights & {
  day: DayShortcut | null;
  /** The visitor's position when the address carries one (`?nara=`, "Nära mig"); never stored. */
  position: { lat: number; lng: number } | null;
  /** Why a position in the address was not used. */
  positionNotice: string | null;
};

/**
 * A city's quiz nights for its map, under the list's filter, from the cached listing (decision 020). Bounded by
 * the city's events: one compact marker each (city-map.ts).
 */
export async function loadCityMap(
  db: Db,
  now: Date,
  city: CityName,
  params: URLSearchParams,
  cache: EventListCache = eventListCache,
): Promise<CityMap> {
  const { views } = await cache.listingAt(db, now);
  const dates = todayAndTomorrow(now);
  const filter = cityMapFilter(city, params);
  const reading = readPosition(params);
  return {
    ...cityMapNights(filterEvents(views, filter, dates), filter.day, dates),
    day: filter.day,
    position:
      reading.kind === "position" ? { lat: reading.point.latitude, lng: reading.point.longitude } : null,
    positionNotice: reading.kind === "invalid" ? reading.notice : null,
  };
}
