import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { runBeerIncrementNow } from "~/features/beer-activity/beer-increment.server";
import { answerAppError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods } from "~/lib/http.server";
import type { Route } from "./+types/beer-increment";

/** POST /api/admin/beer-increment: runs the beer job at once (the admin's "force"), recorded in job_runs. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  try {
    return Response.json(await runBeerIncrementNow(getDb()));
  } catch (error) {
    return answerAppError(error);
  }
}

export const loader = adminMethodNotAllowed;
