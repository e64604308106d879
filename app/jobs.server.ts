import { BEER_JOB_NAME, incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import type { JobDefinition } from "~/features/jobs/job-runner.server";
import type { Env } from "~/lib/env.server";

/**
 * The scheduled jobs of the product (supplement "Jobs"). Each runs in every instance and is claimed once
 * per slot through job_runs.
 */
export function getJobDefinitions(env: Env): JobDefinition[] {
  return [{ name: BEER_JOB_NAME, cron: env.BEER_JOB_CRON, run: (db) => incrementEventBeers(db) }];
}
