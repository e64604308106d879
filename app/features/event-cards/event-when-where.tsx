import { MapPin } from "lucide-react";
import { Link } from "react-router";
import type { EventView, NightView } from "~/features/events/public";
import { CONFIRMED_TODAY_TEXT, mapSearchUrl, weekdayPath } from "~/features/events/public";
import { directionsUrl } from "~/features/places/public";
import { formatShortWeekdayDate } from "~/lib/time";
import { linkClass } from "./event-fact-list";

export type ScheduleWithDate = {
  weekday: EventView["weekday"];
  time: string;
  /** The weekday's rule and time: 'Tisdagar 19:00', 'Varannan tisdag 19:00'. */
  label: string;
  nextDate: string | null;
};
export type UpcomingNight = NightView & { label: string; confirmedToday?: boolean };

// Noon UTC is on the same civil date in Stockholm, whatever the season.
const civilDate = (date: string) => formatShortWeekdayDate(new Date(`${date}T12:00:00Z`));

/**
 * "När" and "Var" of an event's page: the answers a visitor comes for, so the page puts them before the
 * image and the description (on a phone within the first screen) and the other facts after them.
 */
export function EventWhenWhere({
  event,
  schedule,
  upcoming,
  breaks,
}: {
  event: EventView;
  schedule: ScheduleWithDate[];
  upcoming: UpcomingNight[];
  /** Breaks ('Uppehåll') not yet over, from–to as Stockholm dates. */
  breaks: { from: string; to: string; note: string | null }[];
}) {
  return (
    <>
      <section aria-labelledby="nar">
        <h2 id="nar" className="text-lg font-semibold">
          När
        </h2>
        <ul className="mt-3 divide-y divide-stone-200 dark:divide-stone-800">
          {schedule.map((row) => (
            <li key={row.weekday} className="flex items-baseline justify-between gap-4 py-2">
              <Link to={weekdayPath(event.citySlug, row.weekday)} className={`font-medium ${linkClass}`}>
                {row.label}
              </Link>
              <span className="text-sm text-stone-600 dark:text-stone-400">Nästa: {row.nextDate ?? "–"}</span>
            </li>
          ))}
        </ul>
        {upcoming.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-stone-700 dark:text-stone-300">
              Kommande kvällar
            </h3>
            <ul className="mt-1 space-y-1 text-sm">
              {upcoming.map((night) => (
                <li key={`${night.date} ${night.time}`} className="flex flex-wrap items-baseline gap-x-2">
                  <span className={night.cancelled ? "text-stone-500 line-through dark:text-stone-400" : ""}>
                    {night.label}
                    {!night.label.includes(night.time) && ` ${night.time}`}
                  </span>
                  {night.cancelled && (
                    <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                      {night.note ? `Inställt – ${night.note}` : "Inställt"}
                    </span>
                  )}
                  {night.isRunning && !night.cancelled && (
                    <span className="rounded bg-green-100 px-1.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
                      Pågår
                    </span>
                  )}
                  {night.confirmedToday && (
                    <span
                      data-testid="confirmed-today"
                      className="rounded bg-emerald-100 px-1.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                    >
                      {CONFIRMED_TODAY_TEXT}
                    </span>
                  )}
                  {night.isExtra && !night.cancelled && (
                    <span className="text-stone-600 dark:text-stone-400">extra</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        {breaks.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm">
            {breaks.map((b) => (
              <li key={b.from} className="text-stone-700 dark:text-stone-300">
                <span className="font-semibold">Uppehåll</span> {civilDate(b.from)} – {civilDate(b.to)}
                {b.note ? ` (${b.note})` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="var" className="border-t border-stone-200 pt-5 dark:border-stone-800">
        <h2 id="var" className="text-lg font-semibold">
          Var
        </h2>
        <p className="mt-2 flex gap-2 font-medium">
          <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
          <span className="min-w-0">
            {event.locationUrl ? (
              <a href={event.locationUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {event.location}, {event.city}
                <span className="sr-only"> (karta, öppnas i ny flik)</span>
              </a>
            ) : (
              `${event.location}, ${event.city}`
            )}
            {event.streetAddress && (
              <span className="block font-normal">
                {event.streetAddress}
                {" · "}
                <a href={mapSearchUrl(event)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  Visa på karta<span className="sr-only"> (öppnas i ny flik)</span>
                </a>
              </span>
            )}
            {event.position && (
              <span className="mt-1 block font-normal">
                <a
                  href={directionsUrl(event.position)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  Vägbeskrivning<span className="sr-only"> (OpenStreetMap, öppnas i ny flik)</span>
                </a>
                <span className="text-xs text-stone-600 dark:text-stone-400">
                  {" · Kartdata © "}
                  <a
                    href="https://www.openstreetmap.org/copyright"
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline"
                  >
                    OpenStreetMap-bidragsgivare
                  </a>
                </span>
              </span>
            )}
          </span>
        </p>
      </section>
    </>
  );
}
