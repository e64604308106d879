import type { CardFacts, DayDates, EventView, NightView, QuizType } from "~/features/events/public";
import {
  eventWeekdays,
  holdsNightOn,
  nightsOnDate,
  sortByNightOn,
  sortByTimeOn,
  sortedOnce,
} from "~/features/events/public";
import { CITIES, type CityName, citiesFromParam } from "~/lib/cities";
import { isWeekday, WEEKDAY_SLUGS, WEEKDAYS, type Weekday, weekdayBySlug } from "~/lib/time";
import { type DayShortcut, dayCounts, shortcutDate } from "./day-shortcuts";
import { matchesSearch, searchEvents, toNeedle, weekdayInQuery } from "./event-search";
import {
  FACT_CHIPS,
  type FactChip,
  type FactFilter,
  groupOf,
  hasFact,
  hasFactChoices,
  matchesFacts,
  NO_FACT_FILTER,
  parseFactParams,
  parseList,
  setFactParams,
  toggledFacts,
} from "./fact-filter";

/** The home filter. Pure, so the server and the browser derive the same listing. */
export const QUIZ_TYPES: readonly QuizType[] = ["Quiz", "MusikQuiz"];
export const FILTER_STEPS = 3;
export const MAX_QUERY_LENGTH = 200;

export type ViewMode = "card" | "list";

export type FilterState = {
  q: string;
  cities: CityName[];
  types: QuizType[];
  weekdays: Weekday[];
  day: DayShortcut | null;
  facts: FactFilter;
  view: ViewMode;
};

export const EMPTY_FILTER: FilterState = {
  q: "",
  cities: [],
  types: [],
  weekdays: [],
  day: null,
  facts: NO_FACT_FILTER,
  view: "card",
};

type Filterable = Pick<EventView, "city" | "quizType" | "weekday" | "schedules" | "title" | "isNew"> &
  Partial<Pick<EventView, "location" | "description" | "time">> & {
    nights?: readonly Pick<NightView, "date" | "start" | "cancelled">[];
    facts?: CardFacts;
  };

export function toggleFact(state: FilterState, chip: FactChip): FilterState {
  return { ...state, facts: toggledFacts(state.facts, chip) };
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function toggleCity(state: FilterState, city: CityName): FilterState {
  if (state.cities.includes(city)) {
    return { ...state, cities: state.cities.filter((c) => c !== city), types: [], weekdays: [] };
  }
  return { ...state, cities: [...state.cities, city] };
}

export function toggleType(state: FilterState, type: QuizType): FilterState {
  const types = toggle(state.types, type);
  return { ...state, types, weekdays: types.length ? state.weekdays : [] };
}

/** A weekday and a date shortcut would contradict each other: choosing one clears the other. */
export function toggleWeekday(state: FilterState, weekday: Weekday): FilterState {
  return { ...state, weekdays: toggle(state.weekdays, weekday), day: null };
}

export function toggleDay(state: FilterState, day: DayShortcut): FilterState {
  return { ...state, day: state.day === day ? null : day, weekdays: [] };
}

/** Clears the three lists, the facts and the search text; the view mode is a display choice and stays. */
export function clearFilters(state: FilterState): FilterState {
  return { ...EMPTY_FILTER, view: state.view };
}

export function currentStep(state: Pick<FilterState, "cities" | "types">): 1 | 2 | 3 {
  if (!state.cities.length) return 1;
  return state.types.length ? 3 : 2;
}

const inCities = (e: Filterable, cities: readonly CityName[]) => !cities.length || cities.includes(e.city);
const ofTypes = (e: Filterable, types: readonly QuizType[]) =>
  !types.length || e.quizType.some((t) => types.includes(t));
const onWeekdays = (e: Filterable, weekdays: readonly Weekday[]) => {
  if (!weekdays.length) return true;
  const days = eventWeekdays(e);
  return weekdays.some((w) => days.has(w));
};

function cityCounts(events: readonly Filterable[]): Record<CityName, number> {
  const counts = Object.fromEntries(CITIES.map((c) => [c.name, 0])) as Record<CityName, number>;
  for (const e of events) if (e.city in counts) counts[e.city]++;
  return counts;
}

function typeCounts(
  events: readonly Filterable[],
  state: Pick<FilterState, "cities">,
): Record<QuizType, number> {
  const counts = { Quiz: 0, MusikQuiz: 0 } as Record<QuizType, number>;
  for (const e of events) {
    if (!inCities(e, state.cities)) continue;
    for (const t of new Set(e.quizType)) counts[t]++;
  }
  return counts;
}

function weekdayCounts(
  events: readonly Filterable[],
  state: Pick<FilterState, "cities" | "types">,
): Record<Weekday, number> {
  const counts = Object.fromEntries(WEEKDAYS.map((w) => [w, 0])) as Record<Weekday, number>;
  for (const e of events) {
    if (!inCities(e, state.cities) || !ofTypes(e, state.types)) continue;
    for (const w of eventWeekdays(e)) counts[w]++;
  }
  return counts;
}

export function filterEvents<T extends Filterable>(
  events: readonly T[],
  state: FilterState,
  dates?: DayDates,
): T[] {
  const needle = toNeedle(state.q);
  const typedWeekday = needle.text ? weekdayInQuery(needle.text) : undefined;
  const date = state.day && dates ? shortcutDate(state.day, dates) : null;
  const matching = sortedOnce(events).filter(
    (e) =>
      inCities(e, state.cities) &&
      ofTypes(e, state.types) &&
      onWeekdays(e, state.weekdays) &&
      matchesFacts(e, state.facts) &&
      (!needle.text || matchesSearch(e, needle, typedWeekday)) &&
      (date === null || nightsOnDate(e, date).length > 0),
  );
  if (date) return sortByNightOn(matching, date);
  const day = state.weekdays.length === 1 ? state.weekdays[0] : typedWeekday;
  return day ? sortByTimeOn(matching, day) : matching;
}

/** Every count the panel shows: a chip's number is what choosing it would show. */
export type FilterCounts = {
  cities: Record<CityName, number>;
  types: Record<QuizType, number>;
  weekdays: Record<Weekday, number>;
  days: Record<DayShortcut, number>;
  facts: Record<FactChip, number>;
};

/** Fact counts with every other fact group applied: within a group, what that value adds. */
function factCounts(events: readonly Filterable[], state: FilterState, dates: DayDates) {
  const counts = Object.fromEntries(FACT_CHIPS.map((c) => [c, 0])) as Record<FactChip, number>;
  const date = state.day ? shortcutDate(state.day, dates) : null;
  for (const e of events) {
    if (!e.facts || !inCities(e, state.cities) || !ofTypes(e, state.types) || !onWeekdays(e, state.weekdays))
      continue;
    // A quiz whose night that date is cancelled is listed but not counted (day-shortcuts.ts).
    if (date !== null && !holdsNightOn(e, date)) continue;
    for (const chip of FACT_CHIPS)
      if (hasFact(e, chip) && matchesFacts(e, state.facts, groupOf(chip))) counts[chip]++;
  }
  return counts;
}

export function filterCounts(
  all: readonly Filterable[],
  given: Pick<FilterState, "cities" | "types" | "q"> & Partial<FilterState>,
  dates: DayDates,
): FilterCounts {
  const state = { ...EMPTY_FILTER, ...given };
  const events = searchEvents(all, state.q);
  const others = hasFactChoices(state.facts) ? events.filter((e) => matchesFacts(e, state.facts)) : events;
  return {
    cities: cityCounts(others),
    types: typeCounts(others, state),
    weekdays: weekdayCounts(others, state),
    days: dayCounts(
      others.filter((e) => inCities(e, state.cities) && ofTypes(e, state.types)),
      dates,
    ),
    facts: factCounts(events, state, dates),
  };
}

/** Events per page without JavaScript (`?sida=2` …); with it, the grid is virtualised. */
export const HOME_PAGE_SIZE = 12;

const parseType = (v: string) => QUIZ_TYPES.find((t) => t.toLowerCase() === v.toLowerCase());
const parseWeekday = (v: string) => (isWeekday(v) ? v : weekdayBySlug(v.toLowerCase()));

export function parseFilterParams(params: URLSearchParams): FilterState {
  const cities = citiesFromParam(params.get("cities"));
  const types = cities.length ? parseList(params.get("types"), parseType) : [];
  const day = params.get("dag");
  const isDay = day === "ikvall" || day === "imorgon";
  const weekdays = types.length && !isDay ? parseList(params.get("weekdays"), parseWeekday) : [];
  return {
    q: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH),
    cities,
    types,
    weekdays,
    day: isDay ? day : null,
    facts: parseFactParams(params),
    view: params.get("view") === "list" ? "list" : "card",
  };
}

export function toFilterParams(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.cities.length) params.set("cities", state.cities.map((c) => cityBySlugName(c)).join(","));
  if (state.types.length) params.set("types", state.types.join(","));
  if (state.weekdays.length) params.set("weekdays", state.weekdays.map((w) => WEEKDAY_SLUGS[w]).join(","));
  if (state.day) params.set("dag", state.day);
  setFactParams(params, state.facts);
  if (state.view !== "card") params.set("view", state.view);
  return params;
}

function cityBySlugName(name: CityName): string {
  return CITIES.find((c) => c.name === name)?.slug ?? name;
}

/** No-JS filter forms: each chip submits the query of its target state; home redirects there. */
export const FILTER_FORM_PARAM = "filter";

export function filterFormTarget(params: URLSearchParams): string | null {
  const chosen = params.get(FILTER_FORM_PARAM);
  if (chosen === null) return null;
  return `/${filterSearch(parseFilterParams(new URLSearchParams(chosen)))}`;
}

export function filterSearch(state: FilterState): string {
  const s = toFilterParams(state).toString().replace(/%2C/g, ",");
  return s ? `?${s}` : "";
}
