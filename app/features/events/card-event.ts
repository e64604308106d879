import { CITIES, type CityName } from "~/lib/cities";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import type { EventView, NightView, QuizType, Recurrence, SoonLabel } from "./event-view";
import type { DayDates } from "./filters";

/**
 * What a home card, a list row, the filter and the search need of an event, and nothing more. EventView
 * has every field of it, so a full event can stand in for a card event.
 */
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
  | "location"
  | "locationUrl"
  | "quizType"
  | "maxPersonsPerTeam"
  | "beerCounter"
  | "isNew"
  | "topRank"
  | "soon"
> & {
  /** Only the nights today and tomorrow, which the "Ikväll"/"Imorgon" shortcuts filter and sort by. */
  nights: readonly Pick<NightView, "date" | "start">[];
};

/**
 * The wire shape of a card event: one array, positions instead of keys, cities, weekdays and recurrences
 * as indexes, quiz types as bits, schedules as one string. About a third of the JSON of EventView.
 */
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
  /** Bit 1 Quiz, bit 2 MusikQuiz. */
  types: number,
  team: number | "-",
  beers: number,
  isNew: 0 | 1,
  topRank: 0 | 1 | 2 | 3,
  /** [tone index, text], or 0. */
  soon: [number, string] | 0,
  /** Start instants (ISO) of the nights today and tomorrow: [today's, tomorrow's]. */
  nights: [string[], string[]],
];

const RECURRENCES: readonly Recurrence[] = ["weekly", "biweekly", "monthly"];
const TYPES: readonly QuizType[] = ["Quiz", "MusikQuiz"];
const TONES: readonly SoonLabel["tone"][] = ["tonight", "tomorrow", "cancelled", "running"];

export function packCard(event: EventView, dates: DayDates): PackedCard {
  const startsOn = (date: string) => event.nights.filter((n) => n.date === date).map((n) => n.start);
  return [
    event.id,
    event.slug,
    CITIES.findIndex((c) => c.name === event.city),
    event.title,
    event.description,
    event.image,
    WEEKDAYS.indexOf(event.weekday),
    event.time,
    event.schedules.map((s) => `${WEEKDAYS.indexOf(s.weekday)}@${s.time}`).join(","),
    RECURRENCES.indexOf(event.recurrence),
    event.location,
    event.locationUrl,
    TYPES.reduce((bits, t, i) => (event.quizType.includes(t) ? bits | (1 << i) : bits), 0),
    event.maxPersonsPerTeam,
    event.beerCounter,
    event.isNew ? 1 : 0,
    event.topRank ?? 0,
    event.soon ? [TONES.indexOf(event.soon.tone), event.soon.text] : 0,
    [startsOn(dates.today), startsOn(dates.tomorrow)],
  ];
}

export function unpackCard(packed: PackedCard, dates: DayDates): CardEvent {
  const [id, slug, city, title, description, image, weekday, time, schedules, recurrence] = packed;
  const [location, locationUrl, types, team, beers, isNew, topRank, soon, nights] = packed.slice(10) as [
    string,
    string | null,
    number,
    number | "-",
    number,
    0 | 1,
    0 | 1 | 2 | 3,
    [number, string] | 0,
    [string[], string[]],
  ];
  return {
    id,
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
    location,
    locationUrl,
    quizType: TYPES.filter((_, i) => types & (1 << i)),
    maxPersonsPerTeam: team,
    beerCounter: beers,
    isNew: isNew === 1,
    topRank: topRank || null,
    soon: soon ? { tone: TONES[soon[0]] ?? "tonight", text: soon[1] } : null,
    nights: [
      ...nights[0].map((start) => ({ date: dates.today, start })),
      ...nights[1].map((start) => ({ date: dates.tomorrow, start })),
    ],
  };
}
