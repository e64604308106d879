import {
  type EventView,
  eventPath,
  isConfirmedToday,
  nightDateLabel,
  nightsOf,
} from "~/features/events/public";
import { stockholmDate } from "~/lib/time";

/** The nights a widget lists: enough for the coming weeks, few enough to fit a venue's sidebar. */
const WIDGET_NIGHTS = 4;

type WidgetNight = {
  date: string;
  label: string;
  cancelled: boolean;
  note: string | null;
  /** Tonight, and its host answered "Ja, det blir quiz" this morning. */
  confirmedToday: boolean;
};

export type Widget = {
  title: string;
  location: string;
  city: string;
  path: string;
  nights: WidgetNight[];
};

function capitalized(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Ikväll 19:30", "Imorgon 19:30", "Torsdag 3 december 19:30"; a running night says so. */
function nightLabel(night: ReturnType<typeof nightsOf>[number], now: Date): string {
  if (night.isRunning && !night.cancelled) return `Pågår nu, sedan ${night.time}`;
  const date = nightDateLabel(night, now);
  return capitalized(date.endsWith(night.time) ? date : `${date} ${night.time}`);
}

type WidgetEvent = Pick<
  EventView,
  "title" | "location" | "city" | "citySlug" | "slug" | "tonightConfirmedOn"
> &
  Parameters<typeof nightsOf>[0];

/** What the widget of an event shows at `now`. */
export function widgetOf(event: WidgetEvent, now: Date): Widget {
  const nights = nightsOf(event, now, WIDGET_NIGHTS);
  const today = stockholmDate(now);
  const confirmed = isConfirmedToday(event.tonightConfirmedOn ?? null, nights, today);
  return {
    title: event.title,
    location: event.location,
    city: event.city,
    path: eventPath(event),
    nights: nights.map((night) => ({
      date: night.date,
      label: nightLabel(night, now),
      cancelled: night.cancelled,
      note: night.cancelled ? night.note : null,
      confirmedToday: confirmed && night.date === today && !night.cancelled,
    })),
  };
}

/** The `<iframe>` a host copies to their own site. */
export function widgetSnippet(origin: string, path: string, title: string): string {
  const escaped = title.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return `<iframe src="${origin}${path}/widget" title="${escaped} på Quizkväll" width="100%" height="280" style="border:0;max-width:420px" loading="lazy"></iframe>`;
}
