import { and, eq, inArray, lt } from "drizzle-orm";
import { reports } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** Resolved reports go with the name and e-mail they carry (the privacy notice's retention, decision 054). */
export async function deleteResolvedReports(db: Db, resolvedBefore: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.status, "resolved"), lt(reports.resolvedAt, resolvedBefore)))
    .limit(limit);
  const removed = await db.delete(reports).where(inArray(reports.id, batch)).returning({ id: reports.id });
  return removed.length;
}
