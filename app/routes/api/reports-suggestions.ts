import { hitSuggestionLimit, SUGGESTION_LIMITED_MESSAGE } from "~/features/reports/report-forms.server";
import { isSpam, suggestionInputSchema } from "~/features/reports/report-schema";
import { createSuggestion } from "~/features/reports/reports.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { tooManyRequests } from "~/lib/rate-limit.server";
import type { Route } from "./+types/reports-suggestions";

/** POST /api/suggestions { venueName, city, contactName?, contactEmail?, additionalInfo? } → 201. */
export async function action({ request }: Route.ActionArgs) {
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const db = getDb();
  const limited = await hitSuggestionLimit(db, request);
  if (!limited.allowed) return tooManyRequests(limited, SUGGESTION_LIMITED_MESSAGE);
  const body = await readJsonBody(request, suggestionInputSchema);
  if ("response" in body) return body.response;
  if (isSpam(body.data)) return Response.json({ ok: true }, { status: 201 });
  const report = await createSuggestion(db, body.data);
  return Response.json({ ok: true, report }, { status: 201 });
}

export const loader = methodNotAllowed;
