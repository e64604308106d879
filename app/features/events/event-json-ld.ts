import { nextOccurrence, WEEKDAYS } from "~/lib/time";
import { scheduleRows } from "./event-format";
import type { EventView } from "./event-view";

const DAY_URIS = [
  "https://schema.org/Monday",
  "https://schema.org/Tuesday",
  "https://schema.org/Wednesday",
  "https://schema.org/Thursday",
  "https://schema.org/Friday",
  "https://schema.org/Saturday",
  "https://schema.org/Sunday",
];
const REPEAT = { weekly: "P1W", biweekly: "P2W", monthly: "P1M" } as const;

/** schema.org Event for an event page: the next date, the recurring schedule and the place. */
export function eventJsonLd(event: EventView, url: string, imageUrl: string | null, now = new Date()) {
  const rows = scheduleRows(event);
  const next = rows
    .map((r) => nextOccurrence(r.weekday, r.time, now))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    url,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    startDate: next.toISOString(),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    isAccessibleForFree: true,
    eventSchedule: rows.map((r) => ({
      "@type": "Schedule",
      byDay: DAY_URIS[WEEKDAYS.indexOf(r.weekday)],
      startTime: `${r.time}:00`,
      repeatFrequency: REPEAT[event.recurrence],
      scheduleTimezone: "Europe/Stockholm",
    })),
    location: {
      "@type": "Place",
      name: event.location,
      ...(event.locationUrl ? { hasMap: event.locationUrl } : {}),
      address: { "@type": "PostalAddress", addressLocality: event.city, addressCountry: "SE" },
    },
  };
}

/** JSON for a <script> element: "<" is escaped so the content can never close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
