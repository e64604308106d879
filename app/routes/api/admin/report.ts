import { requireAdmin } from "~/features/auth/guard.server";
import { deleteResolvedReport, resolveReport } from "~/features/reports/reports-admin.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/report";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const error = (status: number, message: string) => Response.json({ error: message }, { status });

/** PATCH /api/admin/reports/:id marks a report resolved; DELETE removes a resolved one. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  if (!UUID.test(params.id)) return error(404, "Rapporten finns inte");
  const db = getDb();
  if (request.method === "PATCH") {
    const resolvedAt = await resolveReport(db, params.id);
    return resolvedAt ? Response.json({ id: params.id, resolvedAt }) : error(404, "Rapporten finns inte");
  }
  if (request.method === "DELETE") {
    const outcome = await deleteResolvedReport(db, params.id);
    if (outcome === "deleted") return Response.json({ id: params.id });
    return outcome === "not-found"
      ? error(404, "Rapporten finns inte")
      : error(409, "Bara lösta rapporter kan raderas");
  }
  return error(405, "Metoden stöds inte");
}
