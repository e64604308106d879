import { describe, expect, it } from "vitest";
import { EMPTY_FILTER, type FilterState } from "./filters";
import { filterFormLanding, landsAtListing } from "./list-landing";

const state = (partial: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTER, ...partial });
const goteborg = state({ cities: ["Göteborg"] });
const tonight = state({ cities: ["Göteborg"], day: "ikvall" });

describe("landsAtListing", () => {
  it("lands once a city and a day are chosen, by either press", () => {
    expect(landsAtListing(goteborg, tonight)).toBe(true);
    expect(landsAtListing(state({ day: "ikvall" }), tonight)).toBe(true);
    const wednesday = state({ cities: ["Göteborg"], types: ["Quiz"], weekdays: ["Onsdag"] });
    expect(landsAtListing(state({ cities: ["Göteborg"], types: ["Quiz"] }), wednesday)).toBe(true);
  });

  it("stays without a city or a day", () => {
    expect(landsAtListing(EMPTY_FILTER, goteborg)).toBe(false);
    expect(landsAtListing(EMPTY_FILTER, state({ day: "ikvall" }))).toBe(false);
    expect(landsAtListing(tonight, goteborg)).toBe(false);
  });

  it("stays for a type, a fact or Kort/Lista once both are chosen", () => {
    expect(landsAtListing(tonight, { ...tonight, types: ["Quiz"] })).toBe(false);
    expect(landsAtListing(tonight, { ...tonight, view: "list" })).toBe(false);
    expect(landsAtListing(tonight, { ...tonight, q: "hamn" })).toBe(false);
  });
});

describe("filterFormLanding", () => {
  const submit = (from: string, to: string) =>
    filterFormLanding(new URLSearchParams({ fran: from, filter: to }));

  it("adds the listing's fragment to the redirect when the press lands", () => {
    expect(submit("cities=goteborg", "cities=goteborg&dag=ikvall")).toBe(
      "/?cities=goteborg&dag=ikvall#lista",
    );
    expect(submit("", "cities=goteborg")).toBe("/?cities=goteborg");
    expect(submit("cities=goteborg&dag=ikvall", "cities=goteborg&dag=ikvall&gratis=1")).toBe(
      "/?cities=goteborg&dag=ikvall&gratis=1",
    );
  });

  it("is null without a filter submission", () => {
    expect(filterFormLanding(new URLSearchParams("cities=goteborg"))).toBeNull();
  });
});
