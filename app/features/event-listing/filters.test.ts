import { describe, expect, it } from "vitest";
import type { CardFacts, EventView } from "~/features/events/public";
import { isFactChosen } from "./fact-filter";
import {
  clearFilters,
  currentStep,
  EMPTY_FILTER,
  type FilterState,
  filterCounts,
  filterEvents,
  filterSearch,
  parseFilterParams,
  toggleCity,
  toggleFact,
  toggleType,
  toggleWeekday,
} from "./filters";

type E = Pick<EventView, "city" | "quizType" | "weekday" | "schedules" | "title" | "isNew" | "location">;

function ev(partial: Partial<E> & Pick<E, "title">): E {
  return {
    city: "Göteborg",
    quizType: ["Quiz"],
    weekday: "Måndag",
    schedules: [],
    isNew: false,
    location: "",
    ...partial,
  };
}

const events: E[] = [
  ev({ title: "Örnen", city: "Göteborg", weekday: "Tisdag" }),
  ev({
    title: "Ankan",
    city: "Göteborg",
    quizType: ["Quiz", "MusikQuiz"],
    weekday: "Tisdag",
    schedules: [
      { weekday: "Tisdag", time: "19:00" },
      { weekday: "Torsdag", time: "19:00" },
    ],
  }),
  ev({ title: "Zebran", city: "Stockholm", quizType: ["MusikQuiz"], weekday: "Onsdag" }),
  ev({ title: "Åkern", city: "Stockholm", weekday: "Onsdag", isNew: true }),
  ev({ title: "Bryggan", city: "Malmö", weekday: "Söndag", location: "Lilla torg" }),
];

const state = (s: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTER, ...s });

describe("toggling", () => {
  it("a city on adds it; off removes it and clears types and weekdays", () => {
    let s = toggleCity(EMPTY_FILTER, "Göteborg");
    s = toggleCity(s, "Malmö");
    expect(s.cities).toEqual(["Göteborg", "Malmö"]);
    s = toggleWeekday(toggleType(s, "Quiz"), "Tisdag");
    expect(s).toMatchObject({ types: ["Quiz"], weekdays: ["Tisdag"] });
    s = toggleCity(s, "Malmö");
    expect(s).toMatchObject({ cities: ["Göteborg"], types: [], weekdays: [] });
  });

  it("a type toggles; with none left the weekdays are cleared", () => {
    let s = toggleType(toggleType(state({ cities: ["Göteborg"] }), "Quiz"), "MusikQuiz");
    s = toggleWeekday(s, "Onsdag");
    s = toggleType(s, "Quiz");
    expect(s).toMatchObject({ types: ["MusikQuiz"], weekdays: ["Onsdag"] });
    s = toggleType(s, "MusikQuiz");
    expect(s).toMatchObject({ types: [], weekdays: [] });
  });

  it("weekdays toggle freely", () => {
    let s = toggleWeekday(state({ cities: ["Malmö"], types: ["Quiz"] }), "Fredag");
    s = toggleWeekday(s, "Lördag");
    expect(s.weekdays).toEqual(["Fredag", "Lördag"]);
    expect(toggleWeekday(s, "Fredag").weekdays).toEqual(["Lördag"]);
  });

  it("clearing keeps only the view mode", () => {
    const s = state({ q: "x", cities: ["Malmö"], types: ["Quiz"], weekdays: ["Fredag"], view: "list" });
    expect(clearFilters(s)).toEqual({ ...EMPTY_FILTER, view: "list" });
  });
});

describe("current step", () => {
  it("is 1 with no city, 2 with a city but no type, 3 with both", () => {
    expect(currentStep(EMPTY_FILTER)).toBe(1);
    expect(currentStep(state({ cities: ["Göteborg"] }))).toBe(2);
    expect(currentStep(state({ cities: ["Göteborg"], types: ["Quiz"] }))).toBe(3);
  });
});

describe("counts", () => {
  const countsFor = (s: ReturnType<typeof state>) =>
    filterCounts(events, s, { today: "2026-12-01", tomorrow: "2026-12-02" });

  it("city: events in that city", () => {
    expect(countsFor(EMPTY_FILTER).cities).toEqual({ Göteborg: 2, Stockholm: 2, Malmö: 1 });
  });

  it("type: within the selected cities, all cities when none", () => {
    expect(countsFor(EMPTY_FILTER).types).toEqual({ Quiz: 4, MusikQuiz: 2 });
    expect(countsFor(state({ cities: ["Stockholm"] })).types).toEqual({ Quiz: 1, MusikQuiz: 1 });
  });

  it("weekday: matching cities and types, by any schedule or own weekday, each event once", () => {
    const counts = countsFor(state({ cities: ["Göteborg"], types: ["Quiz"] })).weekdays;
    expect(counts.Tisdag).toBe(2);
    expect(counts.Torsdag).toBe(1);
    expect(counts.Onsdag).toBe(0);
    const musik = countsFor(state({ cities: ["Göteborg", "Stockholm"], types: ["MusikQuiz"] })).weekdays;
    expect(musik).toMatchObject({ Tisdag: 1, Torsdag: 1, Onsdag: 1, Söndag: 0 });
  });
});

describe("listing", () => {
  it("orders new events first, then titles in Swedish order (å, ä, ö last)", () => {
    expect(filterEvents(events, EMPTY_FILTER).map((e) => e.title)).toEqual([
      "Åkern",
      "Ankan",
      "Bryggan",
      "Zebran",
      "Örnen",
    ]);
  });

  it("filters by city, type, weekday (schedules included) and search text", () => {
    const s = state({ cities: ["Göteborg"], types: ["Quiz"], weekdays: ["Torsdag"] });
    expect(filterEvents(events, s).map((e) => e.title)).toEqual(["Ankan"]);
    expect(filterEvents(events, state({ q: "TORG" })).map((e) => e.title)).toEqual(["Bryggan"]);
    expect(filterEvents(events, state({ q: "malmö" })).map((e) => e.title)).toEqual(["Bryggan"]);
    expect(filterEvents(events, state({ q: "  " }))).toHaveLength(5);
  });

  it("matches without accents, each word in any field, and does not reorder or change its input", () => {
    const input = [...events].reverse();
    const copy = [...input];
    expect(filterEvents(input, state({ q: "malmo" })).map((e) => e.title)).toEqual(["Bryggan"]);
    expect(filterEvents(input, state({ q: "bryggan lilla" })).map((e) => e.title)).toEqual(["Bryggan"]);
    expect(filterEvents(input, state({ q: "bryggan göteborg" }))).toEqual([]);
    expect(filterEvents(input, EMPTY_FILTER).map((e) => e.title)).toEqual(
      filterEvents(events, EMPTY_FILTER).map((e) => e.title),
    );
    expect(input).toEqual(copy);
  });
});

describe("counts with a search", () => {
  it("count only the events the search text finds, so a chip's number is what choosing it shows", () => {
    const dates = { today: "2026-12-01", tomorrow: "2026-12-02" };
    const counts = filterCounts(events, { cities: ["Göteborg"], types: [], q: "ankan" }, dates);
    expect(counts.cities).toEqual({ Göteborg: 1, Stockholm: 0, Malmö: 0 });
    expect(counts.types).toEqual({ Quiz: 1, MusikQuiz: 1 });
    expect(filterCounts(events, { cities: [], types: [], q: "" }, dates).cities).toEqual({
      Göteborg: 2,
      Stockholm: 2,
      Malmö: 1,
    });
  });
});

describe("URL state", () => {
  it("round-trips, leaving out defaults", () => {
    const s = state({
      q: "kväll",
      cities: ["Göteborg", "Malmö"],
      types: ["Quiz", "MusikQuiz"],
      weekdays: ["Lördag"],
      view: "list",
    });
    const search = filterSearch(s);
    expect(search).toBe("?q=kv%C3%A4ll&cities=goteborg,malmo&types=Quiz,MusikQuiz&weekdays=lordag&view=list");
    expect(parseFilterParams(new URLSearchParams(search))).toEqual(s);
    expect(filterSearch(EMPTY_FILTER)).toBe("");
  });

  it("accepts names, drops unknown values and keeps the toggling invariants", () => {
    const s = parseFilterParams(
      new URLSearchParams("cities=Göteborg,paris,goteborg&types=Quiz,Jazz&weekdays=Måndag,x&view=grid"),
    );
    expect(s).toEqual(state({ cities: ["Göteborg"], types: ["Quiz"], weekdays: ["Måndag"] }));
    expect(parseFilterParams(new URLSearchParams("types=Quiz&weekdays=mandag"))).toEqual(EMPTY_FILTER);
    expect(parseFilterParams(new URLSearchParams("cities=malmo&weekdays=mandag")).weekdays).toEqual([]);
  });
});

describe("the facts filter", () => {
  type F = E & { facts?: CardFacts };
  const unknown: CardFacts = {
    entryFee: null,
    booking: null,
    difficulty: null,
    language: null,
    wheelchairAccessible: null,
  };
  const withFacts = (title: string, facts: Partial<CardFacts>, partial: Partial<E> = {}): F => ({
    ...ev({ title, ...partial }),
    facts: { ...unknown, ...facts },
  });
  const list: F[] = [
    withFacts("Gratis lätt", { entryFee: 0, booking: "none", difficulty: "easy", language: "sv" }),
    withFacts("Dyr svår", { entryFee: 60, booking: "required", difficulty: "hard", language: "en" }),
    withFacts(
      "Gratis engelsk",
      { entryFee: 0, language: "en", wheelchairAccessible: true },
      { city: "Malmö" },
    ),
    withFacts("Okänd", {}),
    ev({ title: "Utan fakta" }),
  ];
  const titles = (state: FilterState) => filterEvents(list, state).map((e) => e.title);
  const facts = (patch: Partial<FilterState["facts"]>): FilterState => ({
    ...EMPTY_FILTER,
    facts: { ...EMPTY_FILTER.facts, ...patch },
  });

  it("narrows by each chosen fact; unknown facts never match", () => {
    expect(titles(facts({ free: true })).sort()).toEqual(["Gratis engelsk", "Gratis lätt"]);
    expect(titles(facts({ noBooking: true }))).toEqual(["Gratis lätt"]);
    expect(titles(facts({ wheelchair: true }))).toEqual(["Gratis engelsk"]);
    expect(titles(facts({ difficulties: ["easy", "hard"] })).sort()).toEqual(["Dyr svår", "Gratis lätt"]);
    expect(titles(facts({ languages: ["en"] })).sort()).toEqual(["Dyr svår", "Gratis engelsk"]);
    expect(titles(facts({ free: true, languages: ["en"] }))).toEqual(["Gratis engelsk"]);
    expect(titles(EMPTY_FILTER)).toHaveLength(5);
  });

  it("combines with the city filter", () => {
    expect(titles({ ...facts({ free: true }), cities: ["Malmö"] })).toEqual(["Gratis engelsk"]);
    expect(titles({ ...facts({ free: true }), cities: ["Stockholm"] })).toEqual([]);
  });

  it("counts each fact among the rest of the filter", () => {
    const none = filterCounts(list, EMPTY_FILTER, { today: "2026-11-27", tomorrow: "2026-11-28" }).facts;
    expect(none).toEqual({ free: 2, noBooking: 1, easy: 1, medium: 0, hard: 1, sv: 1, en: 2, wheelchair: 1 });
    const free = filterCounts(list, facts({ free: true }), { today: "2026-11-27", tomorrow: "2026-11-28" });
    // Within the chosen group the count stays what the value itself has; the other groups narrow.
    expect(free.facts).toMatchObject({ free: 2, en: 1, sv: 1, hard: 0, wheelchair: 1 });
    expect(free.cities).toMatchObject({ Göteborg: 1, Malmö: 1, Stockholm: 0 });
  });

  it("lives in the URL: read, written back in a fixed order, toggled", () => {
    const state = parseFilterParams(
      new URLSearchParams(
        "gratis=1&utan-bokning=1&svarighet=svar,latt,nope&sprak=engelska&rullstol=1&cities=malmo",
      ),
    );
    expect(state.facts).toEqual({
      free: true,
      noBooking: true,
      difficulties: ["easy", "hard"],
      languages: ["en"],
      wheelchair: true,
    });
    expect(filterSearch(state)).toBe(
      "?cities=malmo&gratis=1&utan-bokning=1&svarighet=latt,svar&sprak=engelska&rullstol=1",
    );
    expect(parseFilterParams(new URLSearchParams("gratis=ja&rullstol=0")).facts).toEqual(EMPTY_FILTER.facts);
    const toggled = toggleFact(toggleFact(EMPTY_FILTER, "medium"), "free");
    expect(filterSearch(toggled)).toBe("?gratis=1&svarighet=medel");
    expect(filterSearch(toggleFact(toggled, "medium"))).toBe("?gratis=1");
    expect(isFactChosen(toggled.facts, "medium")).toBe(true);
    expect(clearFilters(toggled).facts).toEqual(EMPTY_FILTER.facts);
    // Dropping a city keeps the facts.
    expect(toggleCity({ ...toggled, cities: ["Malmö"] }, "Malmö").facts).toEqual(toggled.facts);
  });
});
