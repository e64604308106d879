import { describe, expect, it } from "vitest";
import { citiesFromParam, citiesOfPage } from "./cities";

describe("citiesFromParam", () => {
  it("reads names and slugs in any case, in order, each once, dropping unknown items", () => {
    expect(citiesFromParam(" malmo ,Göteborg,paris,GOTEBORG,,Malmö")).toEqual(["Malmö", "Göteborg"]);
    expect(citiesFromParam(null)).toEqual([]);
  });
});

describe("citiesOfPage", () => {
  it("names a city page's city, and home's chosen cities in the directory's order", () => {
    expect(citiesOfPage("/quiz/malmo/fredag", "")).toEqual(["Malmö"]);
    expect(citiesOfPage("/", "?cities=malmo,goteborg")).toEqual(["Göteborg", "Malmö"]);
    expect(citiesOfPage("/om", "?cities=malmo")).toEqual([]);
  });
});
