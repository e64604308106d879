import { describe, expect, it } from "vitest";
import { cooldownMessage, remainingCooldownMinutes } from "./beer-rules";

const last = new Date("2026-11-22T18:00:00Z");
const later = (ms: number) => new Date(last.getTime() + ms);
const MINUTE = 60_000;

describe("remainingCooldownMinutes", () => {
  it("is 0 without an earlier beer", () => {
    expect(remainingCooldownMinutes(null, last)).toBe(0);
  });

  it("rounds the remaining time up to whole minutes", () => {
    expect(remainingCooldownMinutes(last, later(0))).toBe(60);
    expect(remainingCooldownMinutes(last, later(1))).toBe(60);
    expect(remainingCooldownMinutes(last, later(59 * MINUTE))).toBe(1);
    expect(remainingCooldownMinutes(last, later(58 * MINUTE + 30_000))).toBe(2);
    expect(remainingCooldownMinutes(last, later(60 * MINUTE - 1))).toBe(1);
  });

  it("ends exactly one hour after the last beer", () => {
    expect(remainingCooldownMinutes(last, later(60 * MINUTE))).toBe(0);
    expect(remainingCooldownMinutes(last, later(61 * MINUTE))).toBe(0);
    expect(remainingCooldownMinutes(last, later(59 * MINUTE))).toBeGreaterThan(0);
  });
});

describe("cooldownMessage", () => {
  it("names the minutes, or 1h without them", () => {
    expect(cooldownMessage(12)).toBe("Du får vänta 12 minuter innan du kan skåla här igen! 🍻");
    expect(cooldownMessage()).toBe("Du får vänta 1h innan du kan skåla här igen! 🍻");
  });
});
