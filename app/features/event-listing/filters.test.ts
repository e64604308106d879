import { describe, expect, it } from "vitest";
import type { EventView } from "~/features/events/public";
import {
  cityCounts,
  clearFilters,
  currentStep,
  EMPTY_FILTER,
  type FilterState,
  filterCounts,
  filterEvents,
  filterSearch,
  parseFilterParams,
  toggleCity,
  toggleType,
  toggleWeekday,
  typeCounts,
  weekdayCounts,
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
  it("city: events in that city", () => {
    expect(cityCounts(events)).toEqual({ Göteborg: 2, Stockholm: 2, Malmö: 1 });
  });

  it("type: within the selected cities, all cities when none", () => {
    expect(typeCounts(events, EMPTY_FILTER)).toEqual({ Quiz: 4, MusikQuiz: 2 });
    expect(typeCounts(events, state({ cities: ["Stockholm"] }))).toEqual({ Quiz: 1, MusikQuiz: 1 });
  });

  it("weekday: matching cities and types, by any schedule or own weekday, each event once", () => {
    const counts = weekdayCounts(events, state({ cities: ["Göteborg"], types: ["Quiz"] }));
    expect(counts.Tisdag).toBe(2);
    expect(counts.Torsdag).toBe(1);
    expect(counts.Onsdag).toBe(0);
    const musik = weekdayCounts(events, state({ cities: ["Göteborg", "Stockholm"], types: ["MusikQuiz"] }));
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
    expect(filterCounts(events, { cities: [], types: [], q: "" }, dates).cities).toEqual(cityCounts(events));
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
