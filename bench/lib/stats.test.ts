import { describe, expect, it } from "vitest";
import { median, percentile } from "./stats";

describe("percentile", () => {
  it("takes the nearest rank of sorted values, the largest at 100", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile(sorted, 100)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([7], 50)).toBe(7);
  });

  it("refuses no values", () => {
    expect(() => percentile([], 50)).toThrow("percentile of no values");
  });
});

describe("median", () => {
  it("is the middle value, or the mean of the two middle ones, of unsorted values", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
