import { describe, expect, it } from "vitest";
import { addDaysToDate } from "./night-dates";

describe("addDaysToDate", () => {
  it("moves across months, years and the DST change by whole calendar days", () => {
    expect(addDaysToDate("2026-11-27", 28)).toBe("2026-12-25");
    expect(addDaysToDate("2026-12-20", 14)).toBe("2027-01-03");
    expect(addDaysToDate("2027-03-27", 1)).toBe("2027-03-28");
  });
});
