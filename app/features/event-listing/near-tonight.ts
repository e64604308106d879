import { type DayDates, type EventView, eventPath } from "~/features/events/public";
import {
  type NearTonight,
  nearTonight,
  ORDER_PARAM,
  parseNearOrder,
  readPosition,
} from "~/features/places/public";
import { type FilterState, filterEvents } from "./filters";

/**
 * "Ikväll nära dig" for a listing (features/places): when the address carries a position (`?nara=`), the
 * listing's nights tonight under the same filter, whatever day the filter names, with their distances; a
 * position the page cannot use gives its notice instead; no position, nothing.
 */
export function nearTonightOf(
  views: readonly EventView[],
  filter: FilterState,
  params: URLSearchParams,
  dates: DayDates,
): NearTonight | null {
  const reading = readPosition(params);
  if (reading.kind === "none") return null;
  if (reading.kind === "invalid") return { kind: "invalid", notice: reading.notice };
  const tonight = filterEvents(views, { ...filter, day: "ikvall", weekdays: [] }, dates).map((e) => ({
    id: e.id,
    href: eventPath(e),
    title: e.title,
    location: e.location,
    position: e.position,
    nights: e.nights.filter((n) => n.date === dates.today),
  }));
  const order = parseNearOrder(params.get(ORDER_PARAM));
  return { kind: "list", point: reading.point, listing: nearTonight(tonight, reading.point, order) };
}
