import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { BEER_JOB_NAME, incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { runClaimed } from "~/features/jobs/job-runner.server";
import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods } from "~/lib/http.server";
import type { Route } from "./+types/beer-increment";

/** POST /api/admin/beer-increment: runs the beer job at once (the admin's "force"), recorded in job_runs. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  // A unique manual slot: forced runs never take the place of a scheduled one.
  const slot = `manual:${new Date().toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
  const outcome = await runClaimed(db, BEER_JOB_NAME, slot, () => incrementEventBeers(db));
  if (!outcome.claimed) return jsonError(409, "Körningen pågår redan");
  return Response.json(outcome.result);
}

export const loader = adminMethodNotAllowed;
