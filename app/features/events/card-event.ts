import { CITIES, type CityName } from "~/lib/cities";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import { BOOKINGS, type Booking, DIFFICULTIES, type EventFacts, LANGUAGES } from "./event-facts";
import { cardDescription, scheduleRows } from "./event-format";
import type { DayDates, EventView, NightView, QuizType, Recurrence } from "./event-view";
import {
  nextStartsByWeekday,
  type SoonLabel,
  soonLabelsByDay,
  soonLabelsByWeekday,
  soonText,
} from "./night-labels";
import type { MonthWeek } from "./occurrences";

export type CardEvent = Pick<
  EventView,
  | "id"
  | "slug"
  | "citySlug"
  | "city"
  | "title"
  | "description"
  | "image"
  | "weekday"
  | "time"
  | "schedules"
  | "recurrence"
  | "recurrenceWeek"
  | "location"
  | "locationUrl"
  | "streetAddress"
  | "quizType"
  | "maxPersonsPerTeam"
  | "beerCounter"
  | "isNew"
  | "topRank"
  | "soon"
> & {
  /** Only tonight's and tomorrow's nights: what the "Ikväll"/"Imorgon" shortcuts filter, sort and count by. */
  nights: readonly Pick<NightView, "date" | "start" | "cancelled">[];
  /** The "soon" label of a page about one weekday: today's weekday's or tomorrow's (see night-labels.ts). */
  soonOn: Partial<Record<Weekday, SoonLabel>>;
  /** Fortnightly/monthly only: next uncancelled night per weekday, earliest first; empty for weekly. */
  nextStarts: readonly string[];
  /** The facts a card shows and the filter reads (the booking link and the prize stay on the event page). */
  facts: CardFacts;
};

export type CardFacts = Omit<EventFacts, "bookingUrl" | "prize">;

/** Compact wire shape of a card: positional array, indexes and bits instead of names, whole minutes. */
export type PackedCard = [
  id: string,
  slug: string,
  city: number,
  title: string,
  description: string,
  image: string | null,
  weekday: number,
  time: string,
  /** "1@19:00,3@20:00" (weekday index @ time), or "". */
  schedules: string,
  recurrence: number,
  location: string,
  locationUrl: string | null,
  street: string,
  /** Bit 1 Quiz, bit 2 MusikQuiz. */
  types: number,
  team: number | "-",
  beers: number,
  isNew?: 0 | 1,
  topRank?: 0 | 1 | 2 | 3,
  /** [tone index (-1 none), today's "HH:MM" ("" cancelled), tomorrow's "HH:MM" ("" none), 1 if confirmed today?], or 0. */
  soon?: [number, string, string] | [number, string, string, 1] | 0,
  /** [today's, tomorrow's] start in minutes since the epoch; negative when cancelled. */
  nights?: [number[], number[]],
  /** [month week (1–4, -1 last; 0 fortnightly), next night per weekday in minutes…], or 0. */
  rhythm?: number[] | 0,
  /** [fee (-1 unknown), booking, difficulty, language, wheelchair]: 1 + index, 0 unknown; 0 if none known. */
  facts?: [number, number, number, number, number] | 0,
];

const RECURRENCES: readonly Recurrence[] = ["weekly", "biweekly", "monthly"];
const TYPES: readonly QuizType[] = ["Quiz", "MusikQuiz"];
const TONES: readonly SoonLabel["tone"][] = ["tonight", "tomorrow", "cancelled", "running"];
const MINUTE_MS = 60_000;
/** Where a trailing field's default starts: isNew. */
const FIRST_OPTIONAL = 16;

const isDefault = (value: unknown) =>
  value === 0 || (Array.isArray(value) && value.every((v) => Array.isArray(v) && v.length === 0));

function packFacts(facts: CardFacts): [number, number, number, number, number] | 0 {
  const index = <T>(options: readonly T[], value: T | null) =>
    value === null ? 0 : options.indexOf(value) + 1;
  const packed: [number, number, number, number, number] = [
    facts.entryFee ?? -1,
    index(BOOKINGS, facts.booking),
    index(DIFFICULTIES, facts.difficulty),
    index(LANGUAGES, facts.language),
    facts.wheelchairAccessible === null ? 0 : facts.wheelchairAccessible ? 1 : 2,
  ];
  return packed[0] === -1 && packed.slice(1).every((v) => v === 0) ? 0 : packed;
}

function unpackFacts(packed: [number, number, number, number, number] | 0): CardFacts {
  const [fee, booking, difficulty, language, wheelchair] = packed || [-1, 0, 0, 0, 0];
  const choice = <T>(options: readonly T[], n: number): T | null => (n > 0 ? (options[n - 1] ?? null) : null);
  return {
    entryFee: fee >= 0 ? fee : null,
    booking: choice<Booking>(BOOKINGS, booking),
    difficulty: choice(DIFFICULTIES, difficulty),
    language: choice(LANGUAGES, language),
    wheelchairAccessible: wheelchair === 0 ? null : wheelchair === 1,
  };
}

function rhythmOf(event: EventView): number[] | 0 {
  if (event.recurrence === "weekly") return 0;
  const weekdays = scheduleRows(event).map((r) => r.weekday);
  return [
    event.recurrence === "monthly" ? (event.recurrenceWeek ?? 1) : 0,
    ...nextStartsByWeekday(weekdays, event.nights).map((start) => Date.parse(start) / MINUTE_MS),
  ];
}

function packSoon(event: EventView, dates: DayDates): NonNullable<PackedCard[18]> {
  const { today, tomorrow } = soonLabelsByDay(event.nights, dates, event.tonightConfirmedOn ?? null);
  if (!today && !tomorrow) return 0;
  const timeOf = (label: SoonLabel | null) => (label && /\d{2}:\d{2}$/.exec(label.text)?.[0]) || "";
  const packed: [number, string, string] = [
    today ? TONES.indexOf(today.tone) : -1,
    timeOf(today),
    timeOf(tomorrow),
  ];
  return today?.confirmed ? [...packed, 1] : packed;
}

export function packCard(event: EventView, dates: DayDates): PackedCard {
  const startsOn = (date: string) =>
    event.nights
      .filter((n) => n.date === date)
      .map((n) => (n.cancelled ? -1 : 1) * (Date.parse(n.start) / MINUTE_MS));
  const packed: PackedCard = [
    event.id.replaceAll("-", ""),
    event.slug,
    CITIES.findIndex((c) => c.name === event.city),
    event.title,
    cardDescription(event.description),
    event.image,
    WEEKDAYS.indexOf(event.weekday),
    event.time,
    event.schedules.map((s) => `${WEEKDAYS.indexOf(s.weekday)}@${s.time}`).join(","),
    RECURRENCES.indexOf(event.recurrence),
    event.location,
    event.locationUrl,
    event.streetAddress ?? "",
    TYPES.reduce((bits, t, i) => (event.quizType.includes(t) ? bits | (1 << i) : bits), 0),
    event.maxPersonsPerTeam,
    event.beerCounter,
    event.isNew ? 1 : 0,
    event.topRank ?? 0,
    packSoon(event, dates),
    [startsOn(dates.today), startsOn(dates.tomorrow)],
    rhythmOf(event),
    packFacts(event.facts),
  ];
  while (packed.length > FIRST_OPTIONAL && isDefault(packed[packed.length - 1])) packed.pop();
  return packed;
}

export function unpackCard(packed: PackedCard, dates: DayDates): CardEvent {
  const [id, slug, city, title, description, image, weekday, time, schedules, recurrence] = packed;
  const [
    location,
    locationUrl,
    street,
    types,
    team,
    beers,
    isNew = 0,
    topRank = 0,
    soon = 0,
    nights = [[], []],
    rhythm = 0,
    facts = 0,
  ] = packed.slice(10) as [
    string,
    string | null,
    string,
    number,
    number | "-",
    number,
    (0 | 1)?,
    (0 | 1 | 2 | 3)?,
    ([number, string, string] | [number, string, string, 1] | 0)?,
    [number[], number[]]?,
    (number[] | 0)?,
    ([number, number, number, number, number] | 0)?,
  ];
  const [toneIndex, todayTime, tomorrowTime, confirmed] = soon || [-1, "", ""];
  const tone = TONES[toneIndex];
  const soonToday: SoonLabel | null = tone
    ? { tone, text: soonText(tone, todayTime), ...(confirmed ? { confirmed: true as const } : {}) }
    : null;
  const soonTomorrow: SoonLabel | null = tomorrowTime
    ? { tone: "tomorrow", text: soonText("tomorrow", tomorrowTime) }
    : null;
  const [week = 0, ...nextMinutes] = rhythm || [];
  const at = (minutes: number) => new Date(Math.abs(minutes) * MINUTE_MS).toISOString();
  const night = (date: string) => (m: number) => ({ date, start: at(m), cancelled: m < 0 });
  return {
    id: id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5"),
    slug,
    citySlug: CITIES[city]?.slug ?? "",
    city: (CITIES[city]?.name ?? "") as CityName,
    title,
    description,
    image,
    weekday: WEEKDAYS[weekday] ?? WEEKDAYS[0],
    time,
    schedules: schedules
      ? schedules.split(",").map((s) => {
          const [day, at = ""] = s.split("@");
          return { weekday: WEEKDAYS[Number(day)] as Weekday, time: at };
        })
      : [],
    recurrence: RECURRENCES[recurrence] ?? "weekly",
    recurrenceWeek: week ? (week as MonthWeek) : null,
    location,
    locationUrl,
    streetAddress: street || null,
    quizType: TYPES.filter((_, i) => types & (1 << i)),
    maxPersonsPerTeam: team,
    beerCounter: beers,
    isNew: isNew === 1,
    topRank: topRank || null,
    soon: soonToday ?? soonTomorrow,
    soonOn: soonLabelsByWeekday({ today: soonToday, tomorrow: soonTomorrow }, dates),
    nights: [...nights[0].map(night(dates.today)), ...nights[1].map(night(dates.tomorrow))],
    nextStarts: nextMinutes.map(at),
    facts: unpackFacts(facts),
  };
}

export function toCardEvent(event: EventView, dates: DayDates): CardEvent {
  return unpackCard(packCard(event, dates), dates);
}
