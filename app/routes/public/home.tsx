import { Link } from "react-router";
import { listEvents } from "~/features/events/events.server";
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
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Hitta kvällens quiz</h1>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.events.map((event) => (
          <li key={event.id}>
            <Link
              to={`/quiz/${event.citySlug}/${event.slug}`}
              className="block rounded-xl border border-stone-200 bg-white p-4 hover:border-brand-400 dark:border-stone-800 dark:bg-stone-900"
            >
              <span className="font-semibold">{event.title}</span>
              <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">
                {event.city} · {event.weekday}ar {event.time}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
