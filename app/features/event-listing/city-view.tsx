import { ArrowRight } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { pluralWeekday, weekdayPath } from "~/features/events/public";
import { keepNear, NearMe, type NearTonight } from "~/features/places/public";
import { type CITIES, cityMapPath } from "~/lib/cities";
import type { loadCityWeekdays } from "./city-listing.server";
import { EventCardGrid } from "./event-card-grid";
import { useLiveEvents } from "./use-live-events";

type City = (typeof CITIES)[number];
type CityWeekdays = Awaited<ReturnType<typeof loadCityWeekdays>>;

/** The first day's first card is the largest paint on a phone: its image loads at once, with high priority. */
const PRIORITY_CARDS = 1;

/** A city's page: its weekdays, each with its first quizzes. */
export function CityView({
  city,
  days,
  total,
  near,
  calendar,
}: {
  city: City;
  days: CityWeekdays["days"];
  total: number;
  /** "Nära mig": tonight's nights by distance when the address carries a position. */
  near: NearTonight | null;
  /** "Lägg till i kalender" for the city's feed. */
  calendar: ReactNode;
}) {
  // One list of every card shown, so a skåla updates the event's count in each day it appears under.
  const shown = useMemo(() => days.flatMap((d) => d.events), [days]);
  const [live, onCountChange] = useLiveEvents(shown);
  let offset = 0;
  const groups = days.map((d) => {
    const events = live.slice(offset, offset + d.events.length);
    offset += d.events.length;
    return { ...d, events };
  });
  const firstWeekday = groups.find((g) => g.events.length)?.weekday;
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Brödsmulor" className="text-sm text-stone-600 dark:text-stone-400">
        <Link to="/" className="rounded-sm hover:underline">
          Start
        </Link>{" "}
        / {city.name}
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Pubquiz i {city.name}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        {total} quizkvällar i {city.name}, sorterade efter veckodag och tid.
      </p>
      <Link
        to={`${cityMapPath(city.slug)}${keepNear("", params)}`}
        className="font-semibold text-brand-800 underline dark:text-brand-200"
      >
        Visa på karta
      </Link>
      <div className="mt-4">{calendar}</div>
      <NearMe near={near} where={`i ${city.name}`} />
      {/* The pills' look once, on the list: the page is at its size budget (decision 063). */}
      <nav
        aria-label="Veckodagar"
        className="mt-6 flex flex-wrap gap-2 [&>a]:rounded-full [&>a]:border [&>a]:border-stone-300 [&>a]:bg-white [&>a]:px-3 [&>a]:py-1.5 [&>a]:text-sm [&>a]:font-medium [&>a]:hover:border-brand-600 dark:[&>a]:border-stone-700 dark:[&>a]:bg-stone-900 dark:[&>a]:hover:border-brand-300"
      >
        {groups.map((g) => (
          <Link key={g.weekday} to={weekdayPath(city.slug, g.weekday)}>
            {pluralWeekday(g.weekday)} <span className="text-stone-600 dark:text-stone-400">({g.count})</span>
          </Link>
        ))}
      </nav>
      {groups.map((g) =>
        g.events.length ? (
          <section key={g.weekday} aria-labelledby={`dag-${g.weekday}`} className="mt-10">
            <h2 id={`dag-${g.weekday}`} className="mb-4 text-xl font-semibold">
              <Link to={weekdayPath(city.slug, g.weekday)} className="rounded-sm hover:underline">
                {pluralWeekday(g.weekday)}
              </Link>
            </h2>
            <EventCardGrid
              events={g.events}
              onCountChange={onCountChange}
              priorityCount={g.weekday === firstWeekday ? PRIORITY_CARDS : 0}
              onWeekday={g.weekday}
              more={
                g.count > g.events.length && (
                  <Link
                    to={weekdayPath(city.slug, g.weekday)}
                    className="flex h-full min-h-24 items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-stone-300 p-6 text-center font-semibold text-brand-800 hover:border-brand-600 hover:bg-white dark:border-stone-700 dark:text-brand-200 dark:hover:border-brand-300 dark:hover:bg-stone-900"
                  >
                    Alla {g.count} quiz på {pluralWeekday(g.weekday).toLowerCase()}
                    <ArrowRight aria-hidden className="size-4 shrink-0" />
                  </Link>
                )
              }
            />
          </section>
        ) : null,
      )}
    </div>
  );
}
