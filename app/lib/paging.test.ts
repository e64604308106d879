import { describe, expect, it } from "vitest";
import { pageHref, pageOf, pageWindow, parsePage } from "./paging";

describe("paged lists", () => {
  it("reads ?sida as a page from 2 up, anything else as the first", () => {
    for (const [value, page] of [
      ["2", 2],
      ["17", 17],
      ["1", 1],
      ["0", 1],
      ["-3", 1],
      ["2.5", 1],
      ["abc", 1],
      ["", 1],
    ] as const)
      expect(parsePage(new URLSearchParams({ sida: value }))).toBe(page);
    expect(parsePage(new URLSearchParams())).toBe(1);
  });

  it("slices a listing into pages and clamps a page past the end to the last", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, 1, 12)).toEqual({ items: items.slice(0, 12), page: 1, pages: 3 });
    expect(pageOf(items, 3, 12)).toEqual({ items: [24], page: 3, pages: 3 });
    expect(pageOf(items, 9, 12)).toEqual({ items: [24], page: 3, pages: 3 });
    expect(pageOf([], 1, 12)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it("counts a page's offset from the total, clamping a page past the end", () => {
    expect(pageWindow(25, 1, 12)).toEqual({ offset: 0, limit: 12, page: 1, pages: 3 });
    expect(pageWindow(25, 3, 12)).toEqual({ offset: 24, limit: 12, page: 3, pages: 3 });
    expect(pageWindow(25, 9, 12)).toEqual({ offset: 24, limit: 12, page: 3, pages: 3 });
    expect(pageWindow(0, 4, 12)).toEqual({ offset: 0, limit: 12, page: 1, pages: 1 });
  });

  it("links a page keeping the other parameters, without sida on the first", () => {
    const params = new URLSearchParams("cities=Göteborg,Malmö&sida=3");
    expect(pageHref("/", params, 4)).toBe("?cities=G%C3%B6teborg,Malm%C3%B6&sida=4");
    expect(pageHref("/", params, 1)).toBe("?cities=G%C3%B6teborg,Malm%C3%B6");
    expect(pageHref("/", new URLSearchParams(), 2)).toBe("?sida=2");
    expect(pageHref("/quiz/goteborg/mandag", new URLSearchParams("sida=2"), 1)).toBe("/quiz/goteborg/mandag");
  });
});
