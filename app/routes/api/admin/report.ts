import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { deleteResolvedReport, resolveReport } from "~/features/reports/reports-admin.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, jsonError, uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/report";

/** PATCH /api/admin/reports/:id marks a report resolved; DELETE removes a resolved one. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "PATCH", "DELETE");
  if (refused) return refused;
  const id = uuidParam(params.id);
  if (!id) return jsonError(404, "Rapporten finns inte");
  const db = getDb();
  if (request.method === "PATCH") {
    const resolvedAt = await resolveReport(db, id);
    return resolvedAt ? Response.json({ id, resolvedAt }) : jsonError(404, "Rapporten finns inte");
  }
  const outcome = await deleteResolvedReport(db, id);
  if (outcome === "deleted") return Response.json({ id });
  return outcome === "not-found"
    ? jsonError(404, "Rapporten finns inte")
    : jsonError(409, "Bara lösta rapporter kan raderas");
}

export const loader = adminMethodNotAllowed;
