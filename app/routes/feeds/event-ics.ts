import { calendarResponse, eventCalendar } from "~/features/event-calendar/calendar.server";
import { appErrorJson } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/event-ics";

/** 'Lägg till i kalender' on the event page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const calendar = await eventCalendar(getDb(), params.city, params.slug, requestNow(request));
  if (!calendar) throw appErrorJson("not-found");
  return calendarResponse(request, calendar);
}
