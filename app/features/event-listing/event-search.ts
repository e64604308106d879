import type { EventView } from "~/features/events/public";
import { cardDescription, eventWeekdays } from "~/features/events/public";
import { WEEKDAYS, type Weekday } from "~/lib/time";

/** The home page's search: title, place, city and the description as a card shows it, or the name of a weekday. */
type Searchable = Pick<EventView, "title" | "city" | "weekday" | "schedules"> &
  Partial<Pick<EventView, "location" | "description">>;

/**
 * Case- and accent-insensitive: lower case, then decomposed, so "malmo" finds "Malmö". Plain toLowerCase
 * equals Swedish lower-casing (only Turkish, Azeri and Lithuanian differ) and is far cheaper than the
 * locale-aware call, which matters on every keystroke over thousands of events.
 */
export function fold(text: string): string {
  return text.toLowerCase().normalize("NFKD");
}

/** Each event's folded search fields, computed once per event object (a keystroke only folds the needle). */
const haystacks = new WeakMap<object, string[]>();
export function searchFields(e: Searchable): string[] {
  let fields = haystacks.get(e);
  if (!fields) {
    const description = e.description && cardDescription(e.description);
    fields = [e.title, e.location, e.city, description].filter((f): f is string => !!f).map(fold);
    haystacks.set(e, fields);
  }
  return fields;
}

/** "tisdag", "tisdagar", "tisdagen" (any case or accents) name a weekday. */
export function weekdayInQuery(needle: string): Weekday | undefined {
  const word = fold(needle).replace(/(ar|en)$/, "");
  return WEEKDAYS.find((w) => fold(w) === word);
}

/** Whether any of the event's fields contains the (folded) search text, or it is on the weekday typed. */
export const matchesSearch = (e: Searchable, needle: string, weekday: Weekday | undefined) =>
  (weekday !== undefined && eventWeekdays(e).has(weekday)) || searchFields(e).some((f) => f.includes(needle));
