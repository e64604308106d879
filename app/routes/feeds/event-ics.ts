import { calendarResponse, eventCalendar } from "~/features/event-calendar/calendar.server";
import { AppError, appErrorText } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/event-ics";

/** 'Lägg till i kalender' on the event page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const calendar = await eventCalendar(getDb(), params.city, params.slug, requestNow(request));
  if (!calendar) return appErrorText(new AppError("not-found", { message: "Kalendern finns inte." }));
  return calendarResponse(request, calendar);
}
