import type { JobDefinition } from "~/features/jobs/job-runner.server";
import type { Env } from "~/lib/env.server";

/**
 * The scheduled jobs of the product (supplement "Jobs"). Each runs in every instance and is claimed once
 * per slot through job_runs.
 */
export function getJobDefinitions(_env: Env): JobDefinition[] {
  return [];
}
