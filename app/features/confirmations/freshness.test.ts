import { describe, expect, it } from "vitest";
import { freshnessCheckCutoff, freshnessCycle, isLongUnconfirmed, unconfirmedSinceLabel } from "./freshness";
import { signFreshnessLink, verifyFreshnessLink } from "./freshness-token.server";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-09-01T10:00:00Z");
const plusDays = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY + ms);
const SECRET = "a-test-secret-of-at-least-thirty-two-chars";
const EVENT = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the 60- and 120-day rules", () => {
  it("counts a cycle from the last confirmation, or the listing's creation if never", () => {
    const createdAt = new Date("2026-01-01T00:00:00Z");
    expect(freshnessCycle({ lastConfirmedAt: null, createdAt })).toEqual(createdAt);
    expect(freshnessCycle({ lastConfirmedAt: T0, createdAt })).toEqual(T0);
  });

  it("asks the hosts from the 60th day on", () => {
    // The freshness job asks about every cycle on or before the cutoff.
    const isDueForFreshnessCheck = (cycle: Date, now: Date) => cycle <= freshnessCheckCutoff(now);
    expect(isDueForFreshnessCheck(T0, plusDays(59, DAY - 1))).toBe(false);
    expect(isDueForFreshnessCheck(T0, plusDays(60))).toBe(true);
    expect(isDueForFreshnessCheck(T0, plusDays(200))).toBe(true);
  });

  it("tells visitors from the 120th day on, in Swedish", () => {
    expect(isLongUnconfirmed(T0, plusDays(119, DAY - 1))).toBe(false);
    expect(isLongUnconfirmed(T0, plusDays(120))).toBe(true);
    expect(unconfirmedSinceLabel(T0)).toBe("Ej bekräftad sedan 1 september 2026");
  });
});

describe("freshness link tokens", () => {
  const cycle = new Date("2026-07-01T08:00:00Z");
  const sign = (purpose: "confirm" | "ended", now = T0, secret = SECRET) =>
    signFreshnessLink({ purpose, eventId: EVENT, cycle }, now, secret);

  it("verifies what was signed: purpose, event, cycle and a 30-day expiry", () => {
    const check = verifyFreshnessLink(sign("confirm"), plusDays(1), SECRET);
    expect(check).toEqual({
      ok: true,
      link: { purpose: "confirm", eventId: EVENT, cycle, expiresAt: plusDays(30) },
    });
    const ended = verifyFreshnessLink(sign("ended"), plusDays(1), SECRET);
    expect(ended.ok && ended.link.purpose).toBe("ended");
  });

  it("expires after 30 days", () => {
    const token = sign("confirm");
    expect(verifyFreshnessLink(token, plusDays(30, -1), SECRET).ok).toBe(true);
    expect(verifyFreshnessLink(token, plusDays(30), SECRET)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a tampered token, another secret, and a changed purpose", () => {
    const token = sign("confirm");
    const [, ...rest] = token.split(".");
    // Turning a "Ja" link into an "upphört" link breaks its signature.
    expect(verifyFreshnessLink(["ended", ...rest].join("."), plusDays(1), SECRET)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const otherEvent = token.replace(EVENT, "1f8fad5b-d9cb-469f-a165-70867728950e");
    expect(verifyFreshnessLink(otherEvent, plusDays(1), SECRET).ok).toBe(false);
    const longerLife = token.replace(String(plusDays(30).getTime()), String(plusDays(300).getTime()));
    expect(verifyFreshnessLink(longerLife, plusDays(1), SECRET).ok).toBe(false);
    expect(verifyFreshnessLink(token, plusDays(1), `${SECRET}x`).ok).toBe(false);
    expect(verifyFreshnessLink(`${token.slice(0, -1)}A`, plusDays(1), SECRET).ok).toBe(false);
  });

  it("refuses garbage without throwing", () => {
    for (const token of ["", "abc", "a.b.c.d.e", ".....", "x".repeat(5000), "confirm.ü.1.2.zz"])
      expect(verifyFreshnessLink(token, T0, SECRET)).toEqual({ ok: false, reason: "invalid" });
  });
});
