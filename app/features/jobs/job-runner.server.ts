import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import { and, eq } from "drizzle-orm";
import { jobRuns } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { Logger } from "~/lib/logger.server";
import { TIME_ZONE } from "~/lib/time";

const INSTANCE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

export type JobDefinition = {
  name: string;
  /** Europe/Stockholm, or "off". */
  cron: string;
  run: (db: Db) => Promise<unknown>;
};

/** Rounded to the second: timers fire slightly off, and 6-field crons can fire several times a minute. */
function slotFor(date: Date): string {
  return new Date(Math.round(date.getTime() / 1000) * 1000).toISOString();
}

/** The (job, slot) primary key makes exactly one instance win. */
export async function runClaimed<T>(
  db: Db,
  job: string,
  slot: string,
  run: () => Promise<T>,
): Promise<{ claimed: true; result: T } | { claimed: false }> {
  const claimed = await db
    .insert(jobRuns)
    .values({ job, slot, claimedBy: INSTANCE_ID })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (claimed.length === 0) return { claimed: false };
  const where = and(eq(jobRuns.job, job), eq(jobRuns.slot, slot));
  try {
    const result = await run();
    await db
      .update(jobRuns)
      .set({ status: "succeeded", finishedAt: new Date(), result: (result ?? null) as never })
      .where(where);
    return { claimed: true, result };
  } catch (error) {
    await db
      .update(jobRuns)
      .set({ status: "failed", finishedAt: new Date(), result: { error: String(error) } })
      .where(where);
    throw error;
  }
}

/** Every instance schedules; the claim makes one run. Stop waits for runs, so none is left 'running'. */
export function startScheduler(db: Db, jobs: JobDefinition[], logger: Logger): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const crons = jobs
    .filter((job) => job.cron !== "off")
    .map(
      (job) =>
        // Unnamed: croner's names are process-global, and two schedulers in one process must not clash.
        new Cron(job.cron, { timezone: TIME_ZONE, protect: true }, async () => {
          const slot = slotFor(new Date());
          const run = (async () => {
            try {
              const outcome = await runClaimed(db, job.name, slot, () => job.run(db));
              if (outcome.claimed) logger.info({ job: job.name, slot, result: outcome.result }, "job ran");
              else logger.debug({ job: job.name, slot }, "job slot claimed by another instance");
            } catch (error) {
              logger.error({ job: job.name, slot, err: error }, "job failed");
            }
          })();
          inFlight.add(run);
          await run;
          inFlight.delete(run);
        }),
    );
  return async () => {
    for (const cron of crons) cron.stop();
    await Promise.all(inFlight);
  };
}
