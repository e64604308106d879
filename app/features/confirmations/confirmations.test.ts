import { describe, expect, it } from "vitest";
import { confirmableNightLabel, openReportsLabel } from "./confirmations";

describe("openReportsLabel", () => {
  it("says one open report in the singular and more in the plural", () => {
    expect(openReportsLabel(1)).toBe("1 öppen rapport");
    expect(openReportsLabel(2)).toBe("2 öppna rapporter");
    expect(openReportsLabel(12)).toBe("12 öppna rapporter");
  });
});

describe("confirmableNightLabel", () => {
  // Tuesday 24 November 2026, 19:00 in Stockholm.
  const night = { date: "2026-11-24", time: "19:00", start: new Date("2026-11-24T18:00:00Z") };

  it("names tonight's night while it runs, and yesterday's the day after", () => {
    expect(confirmableNightLabel(night, new Date("2026-11-24T20:00:00Z"))).toBe(
      "Ikväll, tisdag 24 november 19:00",
    );
    expect(confirmableNightLabel(night, new Date("2026-11-25T09:00:00Z"))).toBe(
      "Igår, tisdag 24 november 19:00",
    );
  });
});
