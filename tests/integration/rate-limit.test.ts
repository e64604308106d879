import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { hitRateLimit, pruneRateLimits } from "~/lib/rate-limit.server";

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

describe("pruning", () => {
  it("removes rows whose window has passed, keeping live ones and the week-long counted-play windows", async () => {
    const db = getDb();
    const now = new Date("2026-11-23T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 3_600_000;
    await hitRateLimit(db, "prune:fresh", { limit: 5, windowMs: 60_000 }, ago(30_000));
    await hitRateLimit(db, "prune:stale", { limit: 5, windowMs: 60_000 }, ago(25 * HOUR));
    await hitRateLimit(db, "beer-hour:prune:old", { limit: 5, windowMs: HOUR }, ago(48 * HOUR));
    await hitRateLimit(db, "quiz-counted:prune:live", { limit: 5, windowMs: 168 * HOUR }, ago(72 * HOUR));
    await hitRateLimit(db, "quiz-counted:prune:old", { limit: 5, windowMs: 168 * HOUR }, ago(169 * HOUR));
    const removed = await pruneRateLimits(db, now);
    expect(removed).toBeGreaterThanOrEqual(3);
    const keys = (
      await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, "%prune:%"))
    )
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual(["prune:fresh", "quiz-counted:prune:live"]);
  });
});
