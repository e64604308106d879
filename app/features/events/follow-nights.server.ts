import { inArray } from "drizzle-orm";
import { events } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { ruleOf, toEventBase } from "./event-view";
import { listExceptionsByEvent } from "./events.server";
import { type Occurrence, occurrencesBetween } from "./occurrences";

/** An event as a mail about its nights needs it: its name, place, page and the nights in a range. */
export type EventNights = {
  id: string;
  title: string;
  location: string;
  path: string;
  nights: Occurrence[];
};

/**
 * The nights of the given events from `fromDate` to `toDate` (Stockholm dates, inclusive), cancelled ones
 * marked, read in the caller's transaction so a change being saved is seen.
 */
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
      path: `/quiz/${base.citySlug}/${row.slug}`,
      nights: occurrencesBetween(ruleOf(base), base.exceptions, fromDate, toDate),
    };
  });
}
