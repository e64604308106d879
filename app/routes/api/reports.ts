import { isSpam, reportInputSchema } from "~/features/reports/report-schema";
import { createReport } from "~/features/reports/reports.server";
import { jsonError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import {
  hitVisitorReportLimit,
  tooManyRequests,
  VISITOR_REPORT_LIMITED_MESSAGE,
} from "~/lib/rate-limit.server";
import type { Route } from "./+types/reports";

/** POST /api/reports { eventId, reportType, title, description, reporterName?, contactEmail? } → 201. */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  const limited = await hitVisitorReportLimit(db, request);
  if (!limited.allowed) return tooManyRequests(limited, VISITOR_REPORT_LIMITED_MESSAGE);
  const body = await readJsonBody(request, reportInputSchema);
  if ("response" in body) return body.response;
  // A bot that filled the hidden field is answered like everyone else, and nothing is stored.
  if (isSpam(body.data)) return Response.json({ ok: true }, { status: 201 });
  const report = await createReport(db, body.data);
  if (!report) return jsonError(404, "Eventet finns inte.");
  return Response.json({ ok: true, report }, { status: 201 });
}

export const loader = methodNotAllowed;
