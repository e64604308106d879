import { type CityName, cityByName } from "~/lib/cities";
import { isNewEvent, timeOf, type Weekday, weekdayOf } from "~/lib/time";

/** The client-side event shape (spec §3), built on the server and sent to the browser. */
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
  isNew: boolean;
  topRank: 1 | 2 | 3 | null;
  createdAt: string;
};

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
  beerCounter: number;
  createdAt: Date;
};

/** Maps a row to the client shape. `topRanks` maps event id → 1, 2 or 3 (supplement "Ranking"). */
export function toEventView(row: EventRowLike, now: Date, topRanks: Map<string, 1 | 2 | 3>): EventView {
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
    isNew: isNewEvent(row.createdAt, now),
    topRank: topRanks.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Ranks 1–3 by beer_counter among all events; ties broken by the older event. */
export function computeTopRanks(rows: Pick<EventRowLike, "id" | "beerCounter" | "createdAt">[]) {
  const sorted = [...rows]
    .filter((r) => r.beerCounter > 0)
    .sort((a, b) => b.beerCounter - a.beerCounter || a.createdAt.getTime() - b.createdAt.getTime());
  return new Map(sorted.slice(0, 3).map((r, i) => [r.id, (i + 1) as 1 | 2 | 3]));
}
