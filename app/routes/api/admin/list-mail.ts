import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { runListMail } from "~/features/follows/list-jobs.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods } from "~/lib/http.server";
import type { Route } from "./+types/list-mail";

/** POST /api/admin/list-mail runs the list-mail job now (due reminders, a newly published NutidsQuiz), as its 5-minute schedule would; what was already sent is not sent again. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  return Response.json(await runListMail(getDb(), requestNow(request)));
}

export const loader = adminMethodNotAllowed;
