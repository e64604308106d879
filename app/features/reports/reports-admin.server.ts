import { and, desc, eq, isNotNull } from "drizzle-orm";
import { events, reports } from "~/db/schema";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";

/** The admin's view of visitor reports (spec §4 "Report status", §7 "Reports"). */
export type AdminReport = {
  id: string;
  eventId: string | null;
  eventTitle: string | null;
  /** The public page of the event the report is about, e.g. /quiz/goteborg/fredagsquiz. */
  eventPath: string | null;
  reportType: "incorrect_info" | "other" | "missing_quiz";
  title: string;
  description: string;
  reporterName: string | null;
  contactEmail: string | null;
  status: "pending" | "resolved";
  createdAt: string;
  resolvedAt: string | null;
};

/** All reports, newest first, with the title of the event each one is about. */
export async function listReportsForAdmin(db: Db): Promise<AdminReport[]> {
  const rows = await db
    .select({ report: reports, eventTitle: events.title, eventCity: events.city, eventSlug: events.slug })
    .from(reports)
    .leftJoin(events, eq(events.id, reports.eventId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return rows.map(({ report, eventTitle, eventCity, eventSlug }) => ({
    id: report.id,
    eventId: report.eventId,
    eventTitle: eventTitle ?? null,
    eventPath:
      eventCity && eventSlug && cityByName(eventCity)
        ? `/quiz/${cityByName(eventCity)?.slug}/${eventSlug}`
        : null,
    reportType: report.reportType as AdminReport["reportType"],
    title: report.title,
    description: report.description,
    reporterName: report.reporterName,
    contactEmail: report.contactEmail,
    status: report.status as AdminReport["status"],
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  }));
}

/**
 * Marks a report resolved with resolved_at = now. Resolving twice keeps the first time. Returns the
 * resolved time, or null when there is no such report.
 */
export async function resolveReport(db: Db, id: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .update(reports)
    .set({ status: "resolved", resolvedAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, "pending")))
    .returning({ resolvedAt: reports.resolvedAt });
  if (row?.resolvedAt) return row.resolvedAt.toISOString();
  const [existing] = await db
    .select({ resolvedAt: reports.resolvedAt })
    .from(reports)
    .where(eq(reports.id, id));
  return existing?.resolvedAt?.toISOString() ?? null;
}

export type DeleteReportOutcome = "deleted" | "not-found" | "not-resolved";

/** Deletes a report, but only a resolved one (spec §4): a pending report must be handled first. */
export async function deleteResolvedReport(db: Db, id: string): Promise<DeleteReportOutcome> {
  const removed = await db
    .delete(reports)
    .where(and(eq(reports.id, id), isNotNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  if (removed.length) return "deleted";
  const [existing] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
  return existing ? "not-resolved" : "not-found";
}
