import type { DayDates, EventView } from "~/features/events/public";
import type { CityName } from "~/lib/cities";
import type { DayShortcut } from "./day-shortcuts";
import { EMPTY_FILTER, type FilterState, parseFilterParams } from "./filters";

/**
 * A city's quiz nights on its map page (`/quiz/{city}/karta`): what each marker and its row in the list
 * beside the map carry, and nothing more, since a city of hundreds of events sends them all.
 */
export type MapTone = "tonight" | "cancelled" | "other";

export type MapNight = {
  slug: string;
  title: string;
  lat: number;
  lng: number;
  /** "Ikväll 19:00", "Inställt ikväll", "Imorgon 19:00", "Torsdag 19:00" (the next night's weekday). */
  label: string;
  tone: MapTone;
};

export type CityMapNights = {
  /** The listing's events that have a position, in the listing's order. */
  nights: MapNight[];
  /** The listing's events without a position: not on the map. */
  unplaced: number;
};

/** The city page's filter for one city: the home filter's parameters (`dag=ikvall` …), the city fixed. */
export function cityMapFilter(city: CityName, params: URLSearchParams): FilterState {
  const scoped = new URLSearchParams(params);
  scoped.set("cities", city);
  return { ...parseFilterParams(scoped), cities: [city], view: EMPTY_FILTER.view };
}

/** About a metre: more digits only lengthen the page. */
const roundCoordinate = (n: number) => Math.round(n * 1e5) / 1e5;

type Labelled = Pick<MapNight, "label" | "tone">;
type Mappable = Pick<EventView, "slug" | "title" | "position" | "soon" | "nights">;

function labelOn(event: Mappable, date: string, day: DayShortcut): Labelled {
  const held = event.nights.find((n) => n.date === date && !n.cancelled);
  if (day === "imorgon")
    return held
      ? { label: `Imorgon ${held.time}`, tone: "other" }
      : { label: "Inställt imorgon", tone: "cancelled" };
  return labelOf(event);
}

function labelOf(event: Mappable): Labelled {
  const soon = event.soon;
  if (soon && soon.tone !== "tomorrow")
    return { label: soon.text, tone: soon.tone === "cancelled" ? "cancelled" : "tonight" };
  if (soon) return { label: soon.text, tone: "other" };
  const next = event.nights.find((n) => !n.cancelled);
  return { label: next ? `${next.weekday} ${next.time}` : "", tone: "other" };
}

/** The markers of `events` (already filtered and ordered as the list is), labelled for `day` if one is chosen. */
export function cityMapNights(
  events: readonly Mappable[],
  day: DayShortcut | null,
  dates: DayDates,
): CityMapNights {
  const nights: MapNight[] = [];
  let unplaced = 0;
  for (const event of events) {
    if (!event.position) {
      unplaced++;
      continue;
    }
    const labelled = day
      ? labelOn(event, day === "ikvall" ? dates.today : dates.tomorrow, day)
      : labelOf(event);
    nights.push({
      slug: event.slug,
      title: event.title,
      lat: roundCoordinate(event.position.latitude),
      lng: roundCoordinate(event.position.longitude),
      ...labelled,
    });
  }
  return { nights, unplaced };
}

/** Where a city's map opens when it has nothing to show: its centre. */
export const CITY_CENTRES: Record<CityName, [lat: number, lng: number]> = {
  Göteborg: [57.7072, 11.9668],
  Stockholm: [59.3326, 18.0649],
  Malmö: [55.605, 13.0038],
};

/** The markers' and the legend's colours, one per tone; the visitor's own point has its own. */
export const TONE_CLASSES: Record<MapTone, string> = {
  tonight: "bg-brand-700",
  cancelled: "bg-stone-400 opacity-70",
  other: "bg-sky-800",
};
export const POSITION_CLASSES = "bg-blue-600 ring-4 ring-blue-600/30";
