import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";

describe("rate limit", () => {
  it("allows the limit within a window, counts parallel hits exactly, and resets after the window", async () => {
    const db = getDb();
    const rule = { limit: 5, windowMs: 60_000 };
    const t0 = new Date("2026-11-22T12:00:00Z");
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(db, "ip:1", rule, t0)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(5);
    const refused = outcomes.find((o) => !o.allowed)!;
    expect(refused.retryAfterSeconds).toBe(60);
    expect((await hitRateLimit(db, "ip:1", rule, new Date(t0.getTime() + 30_000))).allowed).toBe(false);
    expect((await hitRateLimit(db, "ip:1", rule, new Date(t0.getTime() + 60_000))).allowed).toBe(true);
    expect((await hitRateLimit(db, "ip:2", rule, t0)).allowed).toBe(true);
  });
});
