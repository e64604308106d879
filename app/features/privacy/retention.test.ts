import { describe, expect, it } from "vitest";
import { daysLabel, periodLabel, RETENTION_DAYS, retentionCutoff } from "./retention";

describe("retention periods", () => {
  it("says periods the way the notice does", () => {
    expect(periodLabel(60 * 60 * 1000)).toBe("en timme");
    expect(periodLabel(6 * 60 * 60 * 1000)).toBe("6 timmar");
    expect(periodLabel(36 * 60 * 60 * 1000)).toBe("36 timmar");
    expect(daysLabel(1)).toBe("ett dygn");
    expect(daysLabel(90)).toBe("90 dagar");
  });

  it("keeps single skålor for the activity report's longest period and its partial first hour", () => {
    // The longest period is a week (features/beer-activity/beer-activity.test.ts holds it to that).
    expect(RETENTION_DAYS.beerClick * 24).toBeGreaterThan(168 + 1);
  });

  it("cuts off whole days before now", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(retentionCutoff(now, RETENTION_DAYS.confirmation).toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });
});
