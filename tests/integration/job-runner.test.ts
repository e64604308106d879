import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runClaimed, startScheduler } from "~/features/jobs/job-runner.server";
import { getDb, queryRows } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

describe("job runner", () => {
  it("runs a slot once however many instances race for it", async () => {
    const db = getDb();
    let runs = 0;
    const slot = "2026-11-22T16:00:12.000Z";
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        runClaimed(db, "test-job", slot, async () => {
          runs++;
          return { ok: true };
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
    // The next slot runs again.
    await runClaimed(db, "test-job", "2026-11-23T16:00:00.000Z", async () => runs++);
    expect(runs).toBe(2);
  });

  it("records a failed run and does not run the slot again", async () => {
    const db = getDb();
    const slot = "2026-01-01T00:00:00.000Z";
    await expect(
      runClaimed(db, "failing", slot, async () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    const again = await runClaimed(db, "failing", slot, async () => "ran");
    expect(again.claimed).toBe(false);
  });

  it("stopping the scheduler waits for a run in progress, which ends recorded as succeeded", async () => {
    const db = getDb();
    let finished = false;
    const job = {
      name: "slow-job",
      cron: "* * * * * *",
      run: async () => {
        await new Promise((r) => setTimeout(r, 600));
        finished = true;
        return { ok: true };
      },
    };
    const stop = startScheduler(db, [job], logger.child({}, { level: "silent" }));
    await expect
      .poll(() => queryRows(db, sql`select 1 from job_runs where job = 'slow-job'`))
      .toHaveLength(1);
    await stop();
    expect(finished).toBe(true);
    const rows = await queryRows<{ status: string }>(
      db,
      sql`select status from job_runs where job = 'slow-job'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["succeeded"]));
  });
});
