import { describe, expect, it } from "vitest";
import { eventWeekdays, nightsOnDate, sortByNightOn, sortByTimeOn, sortedOnce } from "./event-order";

const event = (title: string, extra: Partial<Parameters<typeof sortByTimeOn>[0][number]> = {}) => ({
  title,
  isNew: false,
  weekday: "Tisdag" as const,
  schedules: [],
  time: "19:00",
  ...extra,
});

describe("event order", () => {
  it("puts new events first, then titles in Swedish order", () => {
    const list = [event("Öl-quiz"), event("Zebra"), event("Allmänt", { isNew: true }), event("Ärtan")];
    expect(sortedOnce(list).map((e) => e.title)).toEqual(["Allmänt", "Zebra", "Ärtan", "Öl-quiz"]);
  });

  it("orders a weekday by that day's start time, from the schedule row when there is one", () => {
    const late = event("A", { time: "20:00" });
    const twoDays = event("B", {
      weekday: "Måndag",
      time: "21:00",
      schedules: [
        { weekday: "Måndag", time: "21:00" },
        { weekday: "Tisdag", time: "18:30" },
      ],
    });
    // Its own time on Monday (21:00) would put it after A; Tuesday's schedule row says 18:30.
    expect(eventWeekdays(twoDays)).toEqual(new Set(["Måndag", "Tisdag"]));
    expect(sortByTimeOn([late, twoDays], "Tisdag").map((e) => e.title)).toEqual(["B", "A"]);
  });

  it("orders a date's events by the start of their night that day", () => {
    const early = event("Sen titel", { nights: [{ date: "2026-12-01", start: "2026-12-01T17:00:00.000Z" }] });
    const late = event("Annan", {
      nights: [
        { date: "2026-12-01", start: "2026-12-01T19:00:00.000Z" },
        { date: "2026-12-08", start: "2026-12-08T16:00:00.000Z" },
      ],
    });
    expect(nightsOnDate(late, "2026-12-08")).toHaveLength(1);
    expect(sortByNightOn([late, early], "2026-12-01").map((e) => e.title)).toEqual(["Sen titel", "Annan"]);
  });
});
