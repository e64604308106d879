import { describe, expect, it } from "vitest";
import { fromStockholm, timeOf, weekdayOf } from "~/lib/time";
import { startTimeFor } from "./start-time";

describe("event start time", () => {
  it("sets start_time to the next occurrence of the first row's weekday, never today", () => {
    const tuesdayNoon = fromStockholm(2026, 11, 24, 12, 0);
    expect(weekdayOf(tuesdayNoon)).toBe("Tisdag");
    const start = startTimeFor({ schedules: [{ weekday: "Tisdag", time: "19:00" }] }, tuesdayNoon);
    expect(start.toISOString()).toBe(fromStockholm(2026, 12, 1, 19, 0).toISOString());
    expect(timeOf(start)).toBe("19:00");
    const thursday = startTimeFor({ schedules: [{ weekday: "Torsdag", time: "20:30" }] }, tuesdayNoon);
    expect(thursday.toISOString()).toBe(fromStockholm(2026, 11, 26, 20, 30).toISOString());
  });
});
