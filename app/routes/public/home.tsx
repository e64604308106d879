import { useState } from "react";
import { Link } from "react-router";
import { BeerButton } from "~/features/beers/beer-button";
import { listEvents } from "~/features/events/events.server";
import { ReportDialog } from "~/features/reports/report-dialog";
import { SuggestionDialog } from "~/features/reports/suggestion-dialog";
import { cityByName } from "~/lib/cities";
import { getDb } from "~/lib/db.server";
import { timeOf, weekdayOf } from "~/lib/time";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Quizkväll – pubquiz i Göteborg, Stockholm och Malmö" },
    {
      name: "description",
      content:
        "Hitta kvällens pubquiz och musikquiz i Göteborg, Stockholm och Malmö, och spela veckans NutidsQuiz.",
    },
  ];
}

export async function loader() {
  const rows = await listEvents(getDb());
  return {
    events: rows.map((e) => ({
      id: e.id,
      title: e.title,
      city: e.city,
      citySlug: cityByName(e.city)?.slug ?? "",
      slug: e.slug,
      weekday: weekdayOf(e.startTime),
      time: timeOf(e.startTime),
      beerCounter: e.beerCounter,
    })),
  };
}

// The foundation's simple list, with issue 4's visitor actions mounted on it; issue 3's cards replace it.
export default function Home({ loaderData }: Route.ComponentProps) {
  const [beerCounts, setBeerCounts] = useState<Record<string, number>>({});
  const handleCountChange = (eventId: string, count: number) =>
    setBeerCounts((counts) => ({ ...counts, [eventId]: count }));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Hitta kvällens quiz</h1>
        <SuggestionDialog />
      </div>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.events.map((event) => (
          <li
            key={event.id}
            className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
          >
            <Link
              to={`/quiz/${event.citySlug}/${event.slug}`}
              className="block rounded-md hover:text-brand-700 dark:hover:text-brand-300"
            >
              <span className="font-semibold">{event.title}</span>
              <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">
                {event.city} · {event.weekday}ar {event.time}
              </span>
            </Link>
            <div className="mt-auto flex items-center justify-between gap-2">
              <BeerButton
                eventId={event.id}
                eventTitle={event.title}
                count={beerCounts[event.id] ?? event.beerCounter}
                onCountChange={handleCountChange}
              />
              <ReportDialog eventId={event.id} eventTitle={event.title} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
