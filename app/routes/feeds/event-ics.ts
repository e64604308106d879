import { calendarResponse, eventCalendar } from "~/features/event-calendar/calendar.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/event-ics";

/** 'Lägg till i kalender' on the event page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const calendar = await eventCalendar(getDb(), params.city, params.slug, requestNow(request));
  if (!calendar)
    return new Response("Kalendern finns inte.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  return calendarResponse(request, calendar);
}
