import { calendarResponse, cityCalendar } from "~/features/event-calendar/calendar.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/city-ics";

/** /quiz/{city}.ics and /quiz/{city}/{weekday}.ics: subscribable feeds (one route id per address). */
export async function loader({ request }: Route.LoaderArgs) {
  const [, citySlug, weekdaySlug] =
    /^\/quiz\/([a-z]+)(?:\/([a-z]+))?\.ics$/.exec(new URL(request.url).pathname) ?? [];
  const calendar = citySlug && (await cityCalendar(getDb(), citySlug, weekdaySlug, requestNow(request)));
  if (!calendar)
    return new Response("Kalendern finns inte.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  return calendarResponse(request, calendar);
}
