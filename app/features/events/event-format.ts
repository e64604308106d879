import type { CityName } from "~/lib/cities";
import {
  formatDayMonth,
  formatWeekdayDate,
  pluralWeekday,
  stockholmParts,
  WEEKDAY_SLUGS,
  WEEKDAYS,
  type Weekday,
} from "~/lib/time";
import { type EventView, type NightView, type Recurrence, todayAndTomorrow } from "./event-view";
import { nextStartOn, nextStartsByWeekday } from "./night-labels";
import type { MonthWeek } from "./occurrences";

/** Cards show ~120 characters; the full listing carries a little more, so long texts don't weigh on it. */
const CARD_DESCRIPTION_CHARS = 160;

export function cardDescription(description: string): string {
  if (description.length <= CARD_DESCRIPTION_CHARS) return description;
  const cut = description.slice(0, CARD_DESCRIPTION_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > CARD_DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const RECURRENCE_LABELS: Record<Recurrence, string> = {
  weekly: "Varje vecka",
  biweekly: "Varannan vecka",
  monthly: "Månadsvis",
};

/** City colours: Göteborg blue, Stockholm purple, Malmö green; shades chosen for AA contrast in both themes. */
export const CITY_BADGE_CLASSES: Record<CityName, string> = {
  Göteborg: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  Stockholm: "bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200",
  Malmö: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
};

export function eventPath(event: Pick<EventView, "citySlug" | "slug">): string {
  return `/quiz/${event.citySlug}/${event.slug}`;
}

export function weekdayPath(citySlug: string, weekday: Weekday): string {
  return `/quiz/${citySlug}/${WEEKDAY_SLUGS[weekday]}`;
}

export { pluralWeekday };

type WhenEvent = Pick<EventView, "schedules" | "weekday" | "time" | "recurrence"> &
  Partial<Pick<EventView, "recurrenceWeek">> &
  (
    | /** A card: its next nights by weekday (card-event.ts). */ { nextStarts: readonly string[] }
    | /** A full event reads its nights. */ {
        nextStarts?: undefined;
        nights: readonly Pick<NightView, "start" | "weekday" | "cancelled">[];
      }
  );

function rhythmLabel(event: WhenEvent, weekday: Weekday): string {
  const day = weekday.toLowerCase();
  if (event.recurrence === "biweekly") return `Varannan ${day}`;
  if (event.recurrence === "monthly") {
    const ordinal = ORDINALS[event.recurrenceWeek ?? 1];
    return `${ordinal.charAt(0).toUpperCase()}${ordinal.slice(1)} ${day}en i månaden`;
  }
  return pluralWeekday(weekday);
}

/** A fortnightly or monthly quiz's next night on a weekday, or its earliest (see night-labels.ts). */
function nextStartOf(event: WhenEvent, weekday?: Weekday): string | null {
  const starts =
    event.nextStarts ??
    nextStartsByWeekday(
      scheduleRows(event).map((r) => r.weekday),
      event.nights,
    );
  return nextStartOn(starts, weekday);
}

export function ruleLine(event: WhenEvent, weekday: Weekday): string {
  const time = event.schedules.find((s) => s.weekday === weekday)?.time ?? event.time;
  return `${rhythmLabel(event, weekday)} ${time}`;
}

export function whenLabel(event: WhenEvent, onWeekday?: Weekday): string {
  const next = event.recurrence === "weekly" ? null : nextStartOf(event, onWeekday);
  const nextPart = next ? ` · nästa ${formatDayMonth(next)}` : "";
  if (onWeekday) return `${ruleLine(event, onWeekday)}${nextPart}`;
  if (event.schedules.length > 1) return `Flera dagar · ${RECURRENCE_LABELS[event.recurrence]}${nextPart}`;
  return `${ruleLine(event, event.weekday)}${nextPart}`;
}

const ORDINALS: Record<MonthWeek, string> = {
  1: "första",
  2: "andra",
  3: "tredje",
  4: "fjärde",
  [-1]: "sista",
};

export function recurrenceText(event: Pick<EventView, "recurrence" | "recurrenceWeek" | "weekday">): string {
  const label = RECURRENCE_LABELS[event.recurrence];
  if (event.recurrence !== "monthly") return label;
  return `${label}, ${ORDINALS[event.recurrenceWeek ?? 1]} ${event.weekday.toLowerCase()}en i månaden`;
}

export function nightDateLabel(night: Pick<NightView, "date" | "time" | "start">, now: Date): string {
  const { today, tomorrow } = todayAndTomorrow(now);
  if (night.date === today) return `ikväll ${night.time}`;
  if (night.date === tomorrow) return `imorgon ${night.time}`;
  return formatWeekdayDate(night.start);
}

/** The list row's entry: the schedule matching today's weekday in Stockholm, else the main weekday and time. */
export function todaysEntry(
  event: Pick<EventView, "schedules" | "weekday" | "time">,
  now: Date = new Date(),
): { weekday: Weekday; time: string } {
  const today = WEEKDAYS[stockholmParts(now).weekdayIndex];
  return event.schedules.find((s) => s.weekday === today) ?? { weekday: event.weekday, time: event.time };
}

export function scheduleRows(event: Pick<EventView, "schedules" | "weekday" | "time">) {
  const rows = event.schedules.length ? event.schedules : [{ weekday: event.weekday, time: event.time }];
  return [...rows].sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday));
}

export function teamSizeLabel(size: EventView["maxPersonsPerTeam"]): string {
  return size === "-" ? "-" : `${size}`;
}

export function mapSearchUrl(event: Pick<EventView, "location" | "streetAddress" | "city">): string {
  const query = [event.location, event.streetAddress, event.city].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
