import { requireAdmin } from "~/features/auth/guard.server";
import { BEER_JOB_NAME, incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { runClaimed } from "~/features/jobs/job-runner.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/beer-increment";

/** POST /api/admin/beer-increment: runs the beer job at once (the admin's "force"), recorded in job_runs. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  if (request.method !== "POST") return Response.json({ error: "Metoden stöds inte" }, { status: 405 });
  const db = getDb();
  // A unique manual slot: forced runs never take the place of a scheduled one.
  const slot = `manual:${new Date().toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
  const outcome = await runClaimed(db, BEER_JOB_NAME, slot, () => incrementEventBeers(db));
  if (!outcome.claimed) return Response.json({ error: "Körningen pågår redan" }, { status: 409 });
  return Response.json(outcome.result);
}
