import { describe, expect, it } from "vitest";
import { countListed, dayCounts } from "./day-shortcuts";
import { EMPTY_FILTER, filterCounts, filterEvents } from "./filters";

const DATES = { today: "2027-01-16", tomorrow: "2027-01-17" };
const night = (date: string, time: string, cancelled = false) => ({
  date,
  start: `${date}T${time}:00.000Z`,
  cancelled,
});
const event = (title: string, nights: ReturnType<typeof night>[]) => ({
  title,
  city: "Malmö" as const,
  quizType: ["Quiz" as const],
  weekday: "Lördag" as const,
  schedules: [],
  isNew: false,
  nights,
});

// Five quizzes tonight, one of them cancelled; two tomorrow, one of them cancelled.
const events = [
  event("Ankan", [night(DATES.today, "18:00")]),
  event("Bryggan", [night(DATES.today, "19:00")]),
  event("Cirkus", [night(DATES.today, "19:30", true), night(DATES.tomorrow, "19:30", true)]),
  event("Dansen", [night(DATES.today, "20:00"), night(DATES.tomorrow, "20:00")]),
  event("Ekot", [night(DATES.today, "21:00")]),
  event("Fyren", []),
];

describe("'Ikväll' and 'Imorgon' count the nights one can go to", () => {
  it("leave a cancelled night out of the chips' counts", () => {
    expect(dayCounts(events, DATES)).toEqual({ ikvall: 4, imorgon: 1 });
    expect(filterCounts(events, { cities: [], types: [], q: "" }, DATES).days).toEqual({
      ikvall: 4,
      imorgon: 1,
    });
  });

  it("list the cancelled night but leave it out of the heading's count, as the chip does", () => {
    const tonight = filterEvents(events, { ...EMPTY_FILTER, cities: ["Malmö"], day: "ikvall" }, DATES);
    expect(tonight.map((e) => e.title)).toEqual(["Ankan", "Bryggan", "Cirkus", "Dansen", "Ekot"]);
    expect(countListed(tonight, "ikvall", DATES)).toBe(4);
    const tomorrow = filterEvents(events, { ...EMPTY_FILTER, day: "imorgon" }, DATES);
    expect(tomorrow.map((e) => e.title)).toEqual(["Cirkus", "Dansen"]);
    expect(countListed(tomorrow, "imorgon", DATES)).toBe(1);
    // Without a date every listed quiz counts.
    expect(countListed(events, null, DATES)).toBe(6);
  });
});
