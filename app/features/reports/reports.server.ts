import { and, eq } from "drizzle-orm";
import { events, reports } from "~/db/schema";
import { type Db, onlyRow } from "~/lib/db.server";
import { type ReportInput, type SuggestionInput, suggestionToReport } from "./report-schema";

export type CreatedReport = {
  id: string;
  eventId: string | null;
  reportType: string;
  status: string;
  createdAt: string;
};

const returned = {
  id: reports.id,
  eventId: reports.eventId,
  reportType: reports.reportType,
  status: reports.status,
  createdAt: reports.createdAt,
};

function toCreated(row: { createdAt: Date } & Omit<CreatedReport, "createdAt">): CreatedReport {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function createReport(db: Db, input: ReportInput): Promise<CreatedReport | null> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.eventId));
  if (!event) return null;
  try {
    const rows = await db
      .insert(reports)
      .values({
        eventId: input.eventId,
        reportType: input.reportType,
        title: input.title,
        description: input.description,
        reporterName: input.reporterName,
        contactEmail: input.contactEmail,
        status: "pending",
      })
      .returning(returned);
    return toCreated(onlyRow(rows));
  } catch (error) {
    // The event was deleted between the check and the insert: the foreign key refuses the row.
    if ((error as { code?: string; cause?: { code?: string } }).code === "23503") return null;
    if ((error as { cause?: { code?: string } }).cause?.code === "23503") return null;
    throw error;
  }
}

export async function createSuggestion(db: Db, input: SuggestionInput): Promise<CreatedReport> {
  const rows = await db
    .insert(reports)
    .values({ ...suggestionToReport(input), status: "pending" })
    .returning(returned);
  return toCreated(onlyRow(rows));
}

export async function findReportedEvent(
  db: Db,
  city: string,
  slug: string,
): Promise<{ id: string; title: string } | null> {
  const [event] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.city, city), eq(events.slug, slug)));
  return event ?? null;
}
