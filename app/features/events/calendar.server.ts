import { cityBySlug } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { weekdayBySlug } from "~/lib/time";
import { eventPath } from "./event-format";
import { findEventView, listCityEventViews } from "./events.server";
import { buildCalendar } from "./ics";

type Calendar = { body: string; fileName: string };

/** A city's feed, or one weekday's; null for an unknown city or weekday. */
export async function cityCalendar(
  db: Db,
  citySlug: string,
  weekdaySlug?: string,
  now: Date = new Date(),
): Promise<Calendar | null> {
  const city = cityBySlug(citySlug);
  const weekday = weekdaySlug === undefined ? undefined : weekdayBySlug(weekdaySlug);
  if (!city || (weekdaySlug !== undefined && !weekday)) return null;
  const origin = siteOrigin();
  const events = await listCityEventViews(db, city.name, now);
  const name = weekday ? `Pubquiz i ${city.name} · ${weekday.toLowerCase()}` : `Pubquiz i ${city.name}`;
  const body = buildCalendar(
    name,
    events.map((e) => ({ ...e, url: `${origin}${eventPath(e)}` })),
    { now, onlyWeekday: weekday },
  );
  return { body, fileName: weekdaySlug ? `quiz-${city.slug}-${weekdaySlug}.ics` : `quiz-${city.slug}.ics` };
}

export async function eventCalendar(
  db: Db,
  citySlug: string,
  slug: string,
  now: Date = new Date(),
): Promise<Calendar | null> {
  const city = cityBySlug(citySlug);
  const event = city && (await findEventView(db, city.name, slug, now));
  if (!event) return null;
  const body = buildCalendar(event.title, [{ ...event, url: `${siteOrigin()}${eventPath(event)}` }], {
    now,
  });
  return { body, fileName: `${event.slug}.ics` };
}

export function calendarResponse(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Cache-Control": "public, max-age=600",
    },
  });
}
