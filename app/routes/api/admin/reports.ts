import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import {
  countReports,
  isReportCursor,
  listReportsForAdmin,
  REPORTS_PAGE_SIZE,
} from "~/features/reports/reports-admin.server";
import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/reports";

/**
 * GET /api/admin/reports[?efter=<cursor>]: the newest reports (REPORTS_PAGE_SIZE), or the ones after the
 * cursor the previous page gave as `next`, with event titles, and how many there are and wait in all.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "json");
  const after = new URL(request.url).searchParams.get("efter") ?? undefined;
  if (after !== undefined && !isReportCursor(after)) return jsonError(400, "Ogiltig sidmarkering");
  const db = getDb();
  const [page, counts] = await Promise.all([
    listReportsForAdmin(db, { after, limit: REPORTS_PAGE_SIZE }),
    countReports(db),
  ]);
  return Response.json({ ...page, ...counts }, { headers: { "Cache-Control": "no-store" } });
}

export const action = adminMethodNotAllowed;
