import { data } from "react-router";
import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { handleReportAction } from "~/features/reports/reports-admin.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/report";

/** POST /admin/reports/:id, intent "resolve" or "delete": the reports panel's buttons post here. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const form = await request.formData().catch(() => null);
  const { status, result } = await handleReportAction(getDb(), uuidParam(params.id), form);
  return data(result, { status, headers: { "Cache-Control": "no-store" } });
}

export const loader = adminMethodNotAllowed;
