import { data } from "react-router";
import { BeerButton } from "~/features/beers/beer-button";
import { listEvents } from "~/features/events/events.server";
import { ReportDialog } from "~/features/reports/report-dialog";
import { cityBySlug } from "~/lib/cities";
import { getDb } from "~/lib/db.server";
import { timeOf, weekdayOf } from "~/lib/time";
import type { Route } from "./+types/event-placeholder";

/**
 * PLACEHOLDER event page (/quiz/:city/:slug) so the skåla and report flows can be exercised end to end.
 * Issue 3 builds the real event page; on merge this file and its route entry give way to it.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  const event = city
    ? (await listEvents(getDb())).find((e) => e.city === city.name && e.slug === params.slug)
    : undefined;
  if (!event) throw data("Sidan finns inte", { status: 404 });
  return {
    event: {
      id: event.id,
      title: event.title,
      city: event.city,
      weekday: weekdayOf(event.startTime),
      time: timeOf(event.startTime),
      beerCounter: event.beerCounter,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `${loaderData.event.title} – Quizkväll` : "Quizkväll" }];
}

export default function EventPlaceholder({ loaderData: { event } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{event.title}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        {event.city} · {event.weekday}ar {event.time}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <BeerButton eventId={event.id} eventTitle={event.title} count={event.beerCounter} />
        <ReportDialog eventId={event.id} eventTitle={event.title} />
      </div>
    </div>
  );
}
