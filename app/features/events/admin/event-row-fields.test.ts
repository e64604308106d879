import { describe, expect, it } from "vitest";
import { fromStockholm, timeOf, weekdayOf } from "~/lib/time";
import { descriptionFor, locationFields, locationFieldsForEdit, startTimeFor } from "./event-row-fields";

describe("event row fields", () => {
  it("defaults the description to 'Quiz på {title}'", () => {
    expect(descriptionFor({ title: "Pelikan", description: null })).toBe("Quiz på Pelikan");
    expect(descriptionFor({ title: "Pelikan", description: "Egen text" })).toBe("Egen text");
  });

  it("falls back to the city for an empty location on create", () => {
    expect(locationFields({ location: null, locationUrl: null, city: "Malmö" })).toEqual({
      locationName: "Malmö",
      locationAddress: "Malmö, Malmö",
    });
    expect(
      locationFields({ location: "Pelikan", locationUrl: "https://maps.example/p", city: "Malmö" }),
    ).toEqual({
      locationName: "Pelikan",
      locationAddress: "https://maps.example/p",
    });
  });

  it("keeps the old location and link on edit when left empty", () => {
    const previous = { locationName: "Gamla stället", locationAddress: "https://maps.example/gammal" };
    expect(locationFieldsForEdit({ location: null, locationUrl: null, city: "Göteborg" }, previous)).toEqual({
      locationName: "Gamla stället",
      locationAddress: "https://maps.example/gammal",
    });
    expect(
      locationFieldsForEdit(
        { location: "Nya", locationUrl: null, city: "Göteborg" },
        {
          locationName: "Gamla",
          locationAddress: "Gamla, Göteborg",
        },
      ),
    ).toEqual({ locationName: "Nya", locationAddress: "Nya, Göteborg" });
  });

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
