import { inArray } from "drizzle-orm";
import { events } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { mapSearchUrl } from "./event-format";
import { ruleOf, toEventBase } from "./event-view";
import { listExceptionsByEvent } from "./events.server";
import { type Occurrence, occurrencesBetween } from "./occurrences";

/** What a mail about an event's nights needs; the map link as the event page gives it. */
export type EventNights = {
  id: string;
  title: string;
  location: string;
  streetAddress: string | null;
  city: string;
  mapUrl: string;
  path: string;
  nights: Occurrence[];
};

export async function eventNightsBetween(
  db: Db,
  eventIds: string[],
  fromDate: string,
  toDate: string,
): Promise<EventNights[]> {
  if (!eventIds.length) return [];
  const rows = await db.select().from(events).where(inArray(events.id, eventIds));
  const exceptions = await listExceptionsByEvent(db, eventIds);
  return rows.map((row) => {
    const base = toEventBase(row, new Map(), exceptions.get(row.id) ?? []);
    return {
      id: row.id,
      title: row.title,
      location: base.location,
      streetAddress: base.streetAddress,
      city: base.city,
      mapUrl: base.locationUrl ?? mapSearchUrl(base),
      path: `/quiz/${base.citySlug}/${row.slug}`,
      nights: occurrencesBetween(ruleOf(base), base.exceptions, fromDate, toDate),
    };
  });
}
