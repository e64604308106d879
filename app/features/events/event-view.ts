import { type CityName, cityByName } from "~/lib/cities";
import { isNewEvent, stockholmDate, timeOf, WEEKDAYS, type Weekday, weekdayOf } from "~/lib/time";
import { type EventFacts, factsOfRow } from "./event-facts";
import { type SoonLabel, soonLabel } from "./night-labels";
import {
  addDays,
  isRunning,
  type MonthWeek,
  nextOccurrences,
  type RecurrenceRule,
  type RuleException,
} from "./occurrences";

/** The client-side event shape, built on the server and sent to the browser. */
export type QuizType = "Quiz" | "MusikQuiz";
export type Recurrence = "weekly" | "biweekly" | "monthly";

export type EventView = {
  id: string;
  slug: string;
  citySlug: string;
  title: string;
  description: string;
  image: string | null;
  weekday: Weekday;
  time: string;
  schedules: { weekday: Weekday; time: string }[];
  location: string;
  locationUrl: string | null;
  city: CityName;
  type: "quiz";
  quizType: QuizType[];
  email: string | null;
  phone: string | null;
  website: string | null;
  instagram: string | null;
  maxPersonsPerTeam: number | "-";
  maxAttendees: number | null;
  beerCounter: number;
  recurrence: Recurrence;
  /** The rule's start date (decision 011); for every second week it picks the weeks. */
  recurrenceAnchor: string;
  /** Monthly: 1–4 or -1 (last) weekday of the month. */
  recurrenceWeek: MonthWeek | null;
  /** Cancelled and extra dates, oldest first. */
  exceptions: RuleException[];
  /** The next nights that have not ended at render time, cancelled ones included (see occurrences.ts). */
  nights: NightView[];
  streetAddress: string | null;
  /** Where the venue is (WGS84), when known (features/places sets it from the street address). */
  position: { latitude: number; longitude: number } | null;
  /** "Ikväll 19:00", "Imorgon 19:00", "Inställt ikväll", "Pågår sedan 19:00" when that is true at render time. */
  soon: SoonLabel | null;
  isNew: boolean;
  topRank: 1 | 2 | 3 | null;
  createdAt: string;
  /** Entry fee, booking, prize, difficulty, language and wheelchair access; null where unknown. */
  facts: EventFacts;
  /** The Stockholm date a host last confirmed a night by the morning mail (see isConfirmedToday). */
  tonightConfirmedOn?: string | null;
};

export type NightView = {
  date: string;
  time: string;
  weekday: Weekday;
  /** ISO instant. */
  start: string;
  cancelled: boolean;
  note: string | null;
  isExtra: boolean;
  /** Started and not yet over at render time: "pågår". */
  isRunning: boolean;
};

/**
 * How many upcoming nights each event carries to the page: at least two of each of its weekdays, so a
 * fortnightly or monthly quiz's next night on each weekday is among them even when one is cancelled.
 */
const NIGHTS_AHEAD = 4;
const nightsAhead = (slots: number) => Math.max(NIGHTS_AHEAD, 2 * slots);

export type EventRowLike = {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  locationName: string | null;
  locationAddress: string | null;
  city: string;
  startTime: Date;
  tags: string[];
  email: string | null;
  phone: string | null;
  website: string | null;
  instagram: string | null;
  maxPersonsPerTeam: number | null;
  recurrence: string;
  schedules: { weekday: string; time: string }[] | null;
  recurrenceAnchor: string;
  recurrenceWeek: number | null;
  streetAddress: string | null;
  beerCounter: number;
  createdAt: Date;
  latitude?: number | null;
  longitude?: number | null;
  tonightConfirmedOn?: string | null;
} & Partial<Parameters<typeof factsOfRow>[0]>;

/** The recurrence rule of an event: its schedule rows (or its own weekday and time) on its frequency. */
export function ruleOf(
  event: Pick<
    EventView,
    "recurrence" | "recurrenceAnchor" | "recurrenceWeek" | "schedules" | "weekday" | "time"
  >,
): RecurrenceRule {
  const rows = event.schedules.length ? event.schedules : [{ weekday: event.weekday, time: event.time }];
  return {
    frequency: event.recurrence,
    anchor: event.recurrenceAnchor,
    monthWeek: event.recurrence === "monthly" ? (event.recurrenceWeek ?? 1) : null,
    slots: [...rows].sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday)),
  };
}

/** The next nights of an event at `now`, in the shape sent to the browser. */
export function nightsOf(
  event: Parameters<typeof ruleOf>[0] & Pick<EventView, "exceptions">,
  now: Date,
  count?: number,
): NightView[] {
  const rule = ruleOf(event);
  return nextOccurrences(rule, event.exceptions, now, count ?? nightsAhead(rule.slots.length)).map((o) => ({
    date: o.date,
    time: o.time,
    weekday: o.weekday,
    start: o.start.toISOString(),
    cancelled: o.cancelled,
    note: o.note,
    isExtra: o.isExtra,
    isRunning: isRunning(o, now),
  }));
}

/** Stockholm's dates of today and tomorrow at render time (the server's "now"). */
export type DayDates = { today: string; tomorrow: string };

/** Stockholm's date of `now` and of the day after, for "Ikväll" and "Imorgon". */
export function todayAndTomorrow(now: Date): DayDates {
  const today = stockholmDate(now);
  return { today, tomorrow: addDays(today, 1) };
}

/** What an event shows that does not depend on the time: its row, rank and exceptions (see event-list-cache). */
export type EventBase = Omit<EventView, "nights" | "soon" | "isNew">;

/** Maps a row to the time-independent part of the client shape. `topRanks` maps event id → 1, 2 or 3. */
export function toEventBase(
  row: EventRowLike,
  topRanks: Map<string, 1 | 2 | 3>,
  exceptions: RuleException[] = [],
): EventBase {
  const address = row.locationAddress ?? "";
  const isLink = /^https?:\/\//i.test(address);
  const quizType = [...new Set(row.tags)].filter((t): t is QuizType => t === "Quiz" || t === "MusikQuiz");
  return {
    id: row.id,
    slug: row.slug,
    citySlug: cityByName(row.city)?.slug ?? "",
    title: row.title,
    description: row.description ?? `Quiz på ${row.title}`,
    image: row.imageUrl,
    weekday: weekdayOf(row.startTime),
    time: timeOf(row.startTime),
    schedules: (row.schedules ?? []) as EventView["schedules"],
    location: row.locationName ?? (isLink ? row.city : address),
    locationUrl: isLink ? address : null,
    city: row.city as CityName,
    type: "quiz",
    quizType: quizType.length ? quizType : ["Quiz"],
    email: row.email,
    phone: row.phone,
    website: row.website,
    instagram: row.instagram,
    maxPersonsPerTeam: row.maxPersonsPerTeam ?? "-",
    maxAttendees: row.maxPersonsPerTeam === null ? null : row.maxPersonsPerTeam * 10,
    beerCounter: row.beerCounter,
    recurrence: row.recurrence as Recurrence,
    recurrenceAnchor: row.recurrenceAnchor,
    recurrenceWeek: row.recurrenceWeek as MonthWeek | null,
    exceptions,
    streetAddress: row.streetAddress,
    position:
      row.latitude == null || row.longitude == null
        ? null
        : { latitude: row.latitude, longitude: row.longitude },
    topRank: topRanks.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
    facts: factsOfRow(row),
    tonightConfirmedOn: row.tonightConfirmedOn ?? null,
  };
}

/** The full client shape at `now`: the next nights, the "Ikväll" label and the 'Nytt' badge added. */
export function eventViewAt(base: EventBase, now: Date): EventView {
  const nights = nightsOf(base, now);
  return {
    ...base,
    nights,
    soon: soonLabel(nights, todayAndTomorrow(now), base.tonightConfirmedOn ?? null),
    isNew: isNewEvent(new Date(base.createdAt), now),
  };
}

/** Maps a row to the client shape. `topRanks` maps event id → 1, 2 or 3 (the three with the most beers). */
export function toEventView(
  row: EventRowLike,
  now: Date,
  topRanks: Map<string, 1 | 2 | 3>,
  exceptions: RuleException[] = [],
): EventView {
  return eventViewAt(toEventBase(row, topRanks, exceptions), now);
}

/** Ranks 1–3 by beer_counter among all events; ties broken by the older event. */
export function computeTopRanks(rows: Pick<EventRowLike, "id" | "beerCounter" | "createdAt">[]) {
  const sorted = [...rows]
    .filter((r) => r.beerCounter > 0)
    .sort((a, b) => b.beerCounter - a.beerCounter || a.createdAt.getTime() - b.createdAt.getTime());
  return new Map(sorted.slice(0, 3).map((r, i) => [r.id, (i + 1) as 1 | 2 | 3]));
}
