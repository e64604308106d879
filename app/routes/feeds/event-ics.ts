import { data } from "react-router";
import { calendarResponse, eventCalendar } from "~/features/event-calendar/calendar.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/event-ics";

/** 'Lägg till i kalender' on the event page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const calendar = await eventCalendar(getDb(), params.city, params.slug, requestNow(request));
  if (!calendar) throw data(null, { status: 404 });
  return calendarResponse(request, calendar);
}
