import { isSpam, reportInputSchema } from "~/features/reports/report-schema";
import { createReport } from "~/features/reports/reports.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/reports";

// A few reports in a row are normal (several stale events); a stream of them is not.
const REPORT_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

/** POST /api/reports { eventId, reportType, title, description, reporterName?, contactEmail? } → 201. */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  const limited = await hitRateLimit(db, `report:${clientIp(request)}`, REPORT_RATE_LIMIT);
  if (!limited.allowed) return tooManyRequests(limited, "För många rapporter. Försök igen om en stund.");
  const body = await readJsonBody(request, reportInputSchema);
  if ("response" in body) return body.response;
  // A bot that filled the hidden field is answered like everyone else, and nothing is stored.
  if (isSpam(body.data)) return Response.json({ ok: true }, { status: 201 });
  const report = await createReport(db, body.data);
  if (!report) return jsonError(404, "Eventet finns inte.");
  return Response.json({ ok: true, report }, { status: 201 });
}

export const loader = methodNotAllowed;
