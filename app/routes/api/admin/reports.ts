import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { listReportsForAdmin } from "~/features/reports/reports-admin.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/reports";

/** GET /api/admin/reports: every report, newest first, with event titles. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "json");
  return Response.json(
    { reports: await listReportsForAdmin(getDb()) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = adminMethodNotAllowed;
