import { useMemo } from "react";
import { data, Link, useRouteError } from "react-router";
import { CalendarSubscribeLinks } from "~/features/events/calendar-links";
import { CITY_NOT_FOUND, CityNotFound, isCityNotFound } from "~/features/events/city-not-found";
import { ConfirmedLine } from "~/features/events/confirm-button";
import { confirmableOccurrence } from "~/features/events/confirmations";
import { EventCardGrid, useLiveEvents } from "~/features/events/event-card-grid";
import { EventDetail } from "~/features/events/event-detail";
import { nightDateLabel, pluralWeekday, scheduleRows } from "~/features/events/event-format";
import { eventJsonLd, serializeJsonLd } from "~/features/events/event-json-ld";
import { compareEvents, eventWeekdays, sortByTimeOn } from "~/features/events/event-order";
import { nightsOf, ruleOf } from "~/features/events/event-view";
import { findEventView, findLastConfirmedAt, listCityEventViews } from "~/features/events/events.server";
import { absoluteUrl, pageMeta } from "~/features/seo/page-meta";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { WEEKDAY_SLUGS, weekdayBySlug } from "~/lib/time";
import type { Route } from "./+types/city-slug";

/** /quiz/{city}/{slug}: a weekday slug is the city-and-weekday listing, anything else an event (spec §2). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  if (!city) throw data(CITY_NOT_FOUND, { status: 404 });
  const db = getDb();
  const origin = siteOrigin();
  const weekday = weekdayBySlug(params.slug);
  const now = requestNow(request);
  if (weekday) {
    const events = sortByTimeOn(
      (await listCityEventViews(db, city.name, now)).filter((e) => eventWeekdays(e).has(weekday)),
      weekday,
    );
    return { kind: "weekday" as const, city, weekday, events, origin };
  }
  const event = await findEventView(db, city.name, params.slug, now);
  if (!event) throw data(null, { status: 404 });
  const nights = nightsOf(event, now, 6);
  const lastConfirmedAt = await findLastConfirmedAt(db, event.id);
  const canConfirm = confirmableOccurrence(ruleOf(event), event.exceptions, now) !== null;
  const schedule = scheduleRows(event).map((r) => {
    const next = nights.find((n) => n.weekday === r.weekday && !n.cancelled && !n.isRunning);
    return { ...r, nextDate: next ? nightDateLabel(next, now) : null };
  });
  const upcoming = nights.map((n) => ({ ...n, label: nightDateLabel(n, now) }));
  const days = eventWeekdays(event);
  const others = (await listCityEventViews(db, city.name, now))
    .filter((e) => e.id !== event.id && [...eventWeekdays(e)].some((d) => days.has(d)))
    .sort(compareEvents);
  const url = `${origin}/quiz/${city.slug}/${event.slug}`;
  const image = event.image ? absoluteUrl(origin, event.image) : null;
  return {
    kind: "event" as const,
    city,
    event,
    schedule,
    upcoming,
    others,
    origin,
    image,
    lastConfirmedAt,
    canConfirm,
    jsonLd: serializeJsonLd(eventJsonLd(event, url, image, now)),
  };
}

export function meta({ data, error }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) {
    const title = isCityNotFound(error) ? "Stad inte hittad – Quizkväll" : "Sidan hittades inte – Quizkväll";
    return [{ title }, { name: "robots", content: "noindex" }];
  }
  if (data.kind === "weekday") {
    const day = pluralWeekday(data.weekday).toLowerCase();
    return pageMeta({
      title: `Pubquiz i ${data.city.name} på ${day} | Quizkväll`,
      description: `${data.events.length} pubquiz och musikquiz i ${data.city.name} på ${day}. Tider, platser och lagstorlek – hitta kvällens quiz.`,
      url: `${data.origin}/quiz/${data.city.slug}/${WEEKDAY_SLUGS[data.weekday]}`,
    });
  }
  const { event } = data;
  const when = data.schedule.map((r) => `${pluralWeekday(r.weekday).toLowerCase()} ${r.time}`).join(", ");
  return pageMeta({
    title: `${event.title} – pubquiz i ${event.city} | Quizkväll`,
    description: `${event.title} på ${event.location}, ${event.city}: ${when}. ${event.description}`.slice(
      0,
      300,
    ),
    url: `${data.origin}/quiz/${data.city.slug}/${event.slug}`,
    image: data.image,
    type: "article",
  });
}

export default function CitySlugPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "weekday" ? <WeekdayPage {...loaderData} /> : <EventPage {...loaderData} />;
}

type WeekdayData = Extract<Route.ComponentProps["loaderData"], { kind: "weekday" }>;
type EventData = Extract<Route.ComponentProps["loaderData"], { kind: "event" }>;

function Breadcrumbs({ city, current }: { city: WeekdayData["city"]; current: string }) {
  return (
    <nav aria-label="Brödsmulor" className="text-sm text-stone-600 dark:text-stone-400">
      <Link to="/" className="rounded-sm hover:underline">
        Start
      </Link>{" "}
      /{" "}
      <Link to={`/quiz/${city.slug}`} className="rounded-sm hover:underline">
        {city.name}
      </Link>{" "}
      / <span aria-current="page">{current}</span>
    </nav>
  );
}

function WeekdayPage({ city, weekday, events: initial, origin }: WeekdayData) {
  const [events, onCountChange] = useLiveEvents(initial);
  const day = pluralWeekday(weekday).toLowerCase();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs city={city} current={pluralWeekday(weekday)} />
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        Pubquiz i {city.name} på {day}
      </h1>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-stone-700 dark:text-stone-300">
        <h2 className="text-base font-normal">
          {events.length === 1 ? "1 quizkväll" : `${events.length} quizkvällar`}
        </h2>
        <CalendarSubscribeLinks origin={origin} path={`/quiz/${city.slug}/${WEEKDAY_SLUGS[weekday]}.ics`} />
      </div>
      <div className="mt-8">
        {events.length ? (
          <EventCardGrid
            events={events}
            onCountChange={onCountChange}
            priorityCount={2}
            onWeekday={weekday}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
            Inga event hittades
          </p>
        )}
      </div>
    </div>
  );
}

function EventPage({
  city,
  event: initialEvent,
  schedule,
  upcoming,
  others: initialOthers,
  jsonLd,
  origin,
  lastConfirmedAt,
  canConfirm,
}: EventData) {
  // One array per loader result: a new one on every render would reset the live counts (a skåla just
  // counted would fall back to the loader's figure whenever the page re-renders).
  const initial = useMemo(() => [initialEvent, ...initialOthers], [initialEvent, initialOthers]);
  const [live, onCountChange] = useLiveEvents(initial);
  const [event = initialEvent, ...others] = live;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-built JSON with "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Breadcrumbs city={city} current={event.title} />
      <div className="mt-4">
        <EventDetail
          event={event}
          schedule={schedule}
          upcoming={upcoming}
          origin={origin}
          onCountChange={onCountChange}
        />
      </div>
      <div className="mt-4">
        <ConfirmedLine eventId={event.id} lastConfirmedAt={lastConfirmedAt} canConfirm={canConfirm} />
      </div>
      {others.length > 0 && (
        <section aria-labelledby="fler" className="mt-14">
          <h2 id="fler" className="mb-4 text-xl font-semibold">
            Fler quiz i {city.name} samma dag
          </h2>
          <EventCardGrid events={others} onCountChange={onCountChange} />
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isCityNotFound(error)) return <CityNotFound />;
  throw error;
}
