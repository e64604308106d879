import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { runFreshnessChecks } from "~/features/confirmations/freshness.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods } from "~/lib/http.server";
import type { Route } from "./+types/freshness-check";

/** POST /api/admin/freshness-check runs the daily freshness job now ("Stämmer ert quiz fortfarande?" to the hosts of listings unconfirmed for 60 days), as its schedule would; a question already asked is not asked again. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  return Response.json(await runFreshnessChecks(getDb(), requestNow(request)));
}

export const loader = adminMethodNotAllowed;
