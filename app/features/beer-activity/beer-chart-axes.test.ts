import { describe, expect, it } from "vitest";
import { bucketLabel, labelledBuckets, yTicks } from "./beer-chart-axes";

describe("beer chart axes", () => {
  it("y ticks start at 0, use round steps and reach the largest column", () => {
    expect(yTicks(0)).toEqual([0, 1]);
    expect(yTicks(1)).toEqual([0, 1]);
    expect(yTicks(3)).toEqual([0, 1, 2, 3]);
    expect(yTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(yTicks(10)).toEqual([0, 5, 10]);
    expect(yTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(yTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const max of [0, 1, 2, 5, 9, 13, 99, 101, 4567]) {
      const ticks = yTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("x labels carry the Stockholm date for periods of 24 hours and more, the time only below", () => {
    // 16:00 UTC is 17:00 in Stockholm in November (CET).
    const iso = "2026-11-23T16:00:00.000Z";
    expect(bucketLabel(iso, 6)).toBe("17:00");
    expect(bucketLabel(iso, 24)).toBe("mån 23/11 17:00");
    expect(bucketLabel(iso, 168)).toBe("mån 23/11 17:00");
    // Summer time: 22:30 UTC is already the next day in Stockholm.
    expect(bucketLabel("2026-07-01T22:30:00.000Z", 72)).toBe("tors 2/7 00:30");
  });

  it("labels every fourth bucket", () => {
    expect(labelledBuckets(12)).toEqual([0, 4, 8]);
  });
});
