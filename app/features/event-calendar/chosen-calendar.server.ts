import { addDays, eventPath } from "~/features/events/public";
import { eventListCache } from "~/features/events/public.server";
import type { Db } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { stockholmDate } from "~/lib/time";
import { FEED_HISTORY_DAYS } from "./calendar.server";
import { buildCalendar } from "./ics";

/** One calendar of the events a visitor chose ("Mina quiz"), from the cached listing: each event's nights by its rule, with its whole description and a reminder two hours before each night, as its own calendar has. */
export async function chosenEventsCalendar(db: Db, eventIds: readonly string[], name: string, now: Date) {
  const listing = await eventListCache.listingAt(db, now);
  const wanted = new Set(eventIds);
  const origin = siteOrigin();
  const day = stockholmDate(now);
  const events = listing.views.filter((e) => wanted.has(e.id));
  return buildCalendar(
    name,
    events.map((e) => ({ ...e, url: `${origin}${eventPath(e)}` })),
    { now: new Date(`${day}T00:00:00Z`), since: addDays(day, -FEED_HISTORY_DAYS), alarm: true },
  );
}
