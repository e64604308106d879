import { useEffect, useState } from "react";
import { Link } from "react-router";
import { getViewer } from "~/features/auth/guard.server";
import {
  EventCardAdminActions,
  type EventsChange,
  HomeAdminControls,
} from "~/features/events/admin/event-admin-controls";
import { computeTopRanks, type EventView, toEventView } from "~/features/events/event-view";
import { listEvents } from "~/features/events/events.server";
import { responsiveImage } from "~/features/images/image-variants";
import { getDb } from "~/lib/db.server";
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

// TEMPORARY (issue 6): the foundation's placeholder home, extended only so the admin controls can be
// exercised in issue 6's browser tests. Issue 3 owns the real home page; the lead reconciles on merge.
export async function loader({ request }: Route.LoaderArgs) {
  const [rows, viewer] = await Promise.all([listEvents(getDb()), getViewer(request)]);
  const now = new Date();
  const ranks = computeTopRanks(rows);
  return { events: rows.map((row) => toEventView(row, now, ranks)), isAdmin: viewer.isAdmin };
}

function applyChange(list: EventView[], change: EventsChange): EventView[] {
  if (change.kind === "created") return [change.event, ...list];
  if (change.kind === "updated") return list.map((e) => (e.id === change.event.id ? change.event : e));
  return list.filter((e) => e.id !== change.id);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const [events, setEvents] = useState(loaderData.events);
  useEffect(() => setEvents(loaderData.events), [loaderData.events]);
  const onEventsChange = (change: EventsChange) => setEvents((list) => applyChange(list, change));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Hitta kvällens quiz</h1>
      {loaderData.isAdmin ? (
        <div className="mt-6">
          <HomeAdminControls onEventsChange={onEventsChange} />
        </div>
      ) : null}
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => (
          <li
            key={event.id}
            className="overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
          >
            {event.image ? (
              <img
                {...responsiveImage(event.image)}
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                alt=""
                loading="lazy"
                className="aspect-video w-full object-cover"
              />
            ) : null}
            <div className="flex items-start justify-between gap-2 p-4">
              <Link to={`/quiz/${event.citySlug}/${event.slug}`} className="block hover:text-brand-700">
                <span className="font-semibold">{event.title}</span>
                <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">
                  {event.city} · {event.weekday}ar {event.time}
                </span>
              </Link>
              {loaderData.isAdmin ? (
                <EventCardAdminActions event={event} onEventsChange={onEventsChange} />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
