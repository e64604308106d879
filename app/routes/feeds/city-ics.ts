import { calendarResponse, cityCalendar } from "~/features/event-calendar/calendar.server";
import { AppError, appErrorText } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/city-ics";

/** /quiz/{city}.ics and /quiz/{city}/{weekday}.ics: subscribable feeds (one route id per address). */
export async function loader({ request }: Route.LoaderArgs) {
  const [, citySlug, weekdaySlug] =
    /^\/quiz\/([a-z]+)(?:\/([a-z]+))?\.ics$/.exec(new URL(request.url).pathname) ?? [];
  const calendar = citySlug && (await cityCalendar(getDb(), citySlug, weekdaySlug, requestNow(request)));
  if (!calendar) return appErrorText(new AppError("not-found", { message: "Kalendern finns inte." }));
  return calendarResponse(request, calendar);
}
