import {
  breaksOf,
  type EventView,
  firstDateOfSlot,
  nextUpcoming,
  occurrencesBetween,
  ruleOf,
} from "~/features/events/public";
import { TIME_ZONE, WEEKDAYS } from "~/lib/time";

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

/**
 * What the entry fee lets the page claim: `isAccessibleForFree` and an `offers` of the price in SEK (with
 * the booking link as its url when there is one), only when the fee is known. An unknown fee claims nothing.
 */
function entryFeeJsonLd(facts: Pick<EventView["facts"], "entryFee" | "bookingUrl">) {
  if (facts.entryFee === null) return {};
  return {
    isAccessibleForFree: facts.entryFee === 0,
    offers: {
      "@type": "Offer",
      price: facts.entryFee,
      priceCurrency: "SEK",
      ...(facts.bookingUrl ? { url: facts.bookingUrl } : {}),
    },
  };
}

/** The known facts a page can claim: the fee (above) and the quiz's language, when either is known. */
function factsJsonLd(facts: Pick<EventView["facts"], "entryFee" | "bookingUrl" | "language">) {
  return { ...entryFeeJsonLd(facts), ...(facts.language ? { inLanguage: facts.language } : {}) };
}

/** schema.org Event for an event page: the next night, the recurring schedule and the place. */
export function eventJsonLd(event: EventView, url: string, imageUrl: string | null, now = new Date()) {
  const rule = ruleOf(event);
  const next = nextUpcoming(rule, event.exceptions, now);
  const cancelled = event.exceptions.filter((e) => e.kind === "cancelled").map((e) => e.date);
  // The rule's nights in a break ('Uppehåll') do not take place either.
  const inBreaks = breaksOf(event.exceptions).flatMap((b) => occurrencesBetween(rule, [], b.from, b.to));
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    url,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    ...(next ? { startDate: next.start.toISOString() } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...factsJsonLd(event.facts),
    eventSchedule: rule.slots.map((slot) => ({
      "@type": "Schedule",
      startDate: firstDateOfSlot(rule, slot),
      byDay: DAY_URIS[WEEKDAYS.indexOf(slot.weekday)],
      ...(rule.monthWeek ? { byMonthWeek: rule.monthWeek } : {}),
      startTime: `${slot.time}:00`,
      duration: "PT2H",
      repeatFrequency: REPEAT[event.recurrence],
      ...exceptDates([
        ...cancelled,
        ...inBreaks.filter((n) => n.weekday === slot.weekday).map((n) => n.date),
      ]),
      scheduleTimezone: TIME_ZONE,
    })),
    location: {
      "@type": "Place",
      name: event.location,
      ...(event.locationUrl ? { hasMap: event.locationUrl } : {}),
      address: {
        "@type": "PostalAddress",
        ...(event.streetAddress ? { streetAddress: event.streetAddress } : {}),
        addressLocality: event.city,
        addressCountry: "SE",
      },
    },
  };
}

const exceptDates = (dates: string[]) => (dates.length ? { exceptDate: [...new Set(dates)].sort() } : {});

/** JSON for a <script> element: "<" is escaped so the content can never close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
