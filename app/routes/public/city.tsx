import { data, Link, useRouteError } from "react-router";
import { CalendarSubscribeLinks } from "~/features/events/calendar-links";
import { CITY_NOT_FOUND, CityNotFound, isCityNotFound } from "~/features/events/city-not-found";
import { EventCardGrid, useLiveEvents } from "~/features/events/event-card-grid";
import { pluralWeekday, weekdayPath } from "~/features/events/event-format";
import { compareEvents, eventWeekdays, sortByTimeOn } from "~/features/events/event-order";
import { listCityEventViews } from "~/features/events/events.server";
import { pageMeta } from "~/features/seo/page-meta";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { WEEKDAYS } from "~/lib/time";
import type { Route } from "./+types/city";

export async function loader({ request, params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  if (!city) throw data(CITY_NOT_FOUND, { status: 404 });
  const events = await listCityEventViews(getDb(), city.name, requestNow(request));
  return { city, events: events.sort(compareEvents), origin: siteOrigin() };
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: "Stad inte hittad – Quizkväll" }, { name: "robots", content: "noindex" }];
  const { city, events, origin } = data;
  return pageMeta({
    title: `Pubquiz i ${city.name} – alla quizkvällar vecka för vecka | Quizkväll`,
    description: `${events.length} pubquiz och musikquiz i ${city.name}, dag för dag från måndag till söndag. Hitta kvällens quiz nära dig.`,
    url: `${origin}/quiz/${city.slug}`,
  });
}

/** The first day's first cards are above the fold on a phone: their images load at once. */
const PRIORITY_CARDS = 2;

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { city } = loaderData;
  const [events, onCountChange] = useLiveEvents(loaderData.events);
  const groups = WEEKDAYS.map((weekday) => ({
    weekday,
    events: sortByTimeOn(
      events.filter((e) => eventWeekdays(e).has(weekday)),
      weekday,
    ),
  }));
  const firstWeekday = groups.find((g) => g.events.length)?.weekday;
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
        {events.length} quizkvällar i {city.name}, sorterade efter veckodag och tid.
      </p>
      <nav aria-label="Veckodagar" className="mt-6 flex flex-wrap gap-2">
        {groups.map((g) => (
          <Link
            key={g.weekday}
            to={weekdayPath(city.slug, g.weekday)}
            className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-brand-300"
          >
            {pluralWeekday(g.weekday)}{" "}
            <span className="text-stone-600 dark:text-stone-400">({g.events.length})</span>
          </Link>
        ))}
        <span className="inline-flex items-center px-3 py-1.5">
          <CalendarSubscribeLinks origin={loaderData.origin} path={`/quiz/${city.slug}.ics`} />
        </span>
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
            />
          </section>
        ) : null,
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isCityNotFound(error)) return <CityNotFound />;
  throw error;
}
