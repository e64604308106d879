import { data } from "react-router";
import { calendarResponse, eventCalendar } from "~/features/events/calendar.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/event-ics";

/** 'Lägg till i kalender' on the event page. */
export async function loader({ params }: Route.LoaderArgs) {
  const calendar = await eventCalendar(getDb(), params.city, params.slug);
  if (!calendar) throw data(null, { status: 404 });
  return calendarResponse(calendar.body, calendar.fileName);
}
