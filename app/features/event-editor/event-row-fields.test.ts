import { describe, expect, it } from "vitest";
import { descriptionFor, locationFields, locationFieldsForEdit } from "./event-row-fields";

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
});
