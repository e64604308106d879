import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { csvFileName, parseMode, parsePeriod, toCsv } from "~/features/beer-activity/beer-activity";
import { getBeerActivity } from "~/features/beer-activity/beer-activity.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/beer-activity-csv";

/** GET /api/admin/beer-activity.csv?hours=…&mode=summary|detailed: the beer activity report's "Exportera CSV", every row of it (the page shows the tables a page at a time). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "json");
  const url = new URL(request.url);
  const hours = parsePeriod(url.searchParams.get("hours"));
  const mode = parseMode(url.searchParams.get("mode"));
  const now = new Date();
  const report = await getBeerActivity(getDb(), hours, { now, withDetails: mode === "detailed" });
  return new Response(toCsv(mode, report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(mode, hours, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = adminMethodNotAllowed;
