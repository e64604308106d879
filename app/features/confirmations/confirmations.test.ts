import { describe, expect, it } from "vitest";
import { openReportsLabel } from "./confirmations";

describe("openReportsLabel", () => {
  it("says one open report in the singular and more in the plural", () => {
    expect(openReportsLabel(1)).toBe("1 öppen rapport");
    expect(openReportsLabel(2)).toBe("2 öppna rapporter");
    expect(openReportsLabel(12)).toBe("12 öppna rapporter");
  });
});
