import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { runTonightChecks } from "~/features/confirmations/tonight.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods } from "~/lib/http.server";
import type { Route } from "./+types/tonight-check";

/** POST /api/admin/tonight-check runs the morning job now ("Blir det quiz ikväll?" to the hosts who chose it), as its schedule would; nobody is asked twice a day. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  return Response.json(await runTonightChecks(getDb(), requestNow(request)));
}

export const loader = adminMethodNotAllowed;
