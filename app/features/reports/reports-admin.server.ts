import { and, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { events, reports } from "~/db/schema";
import { AppError, formFailure } from "~/lib/app-error";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { reportToSuggestion } from "./report-schema";
import { isReportIntent, type ReportActionResult, type ReportIntent } from "./reports-panel-state";

/** The admin's view of visitor reports and their status. */
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

/** The admin's reports panel shows this many at a time ("Visa fler rapporter" for the next ones). */
export const REPORTS_PAGE_SIZE = 50;

/** Where a page of reports ends: the last report's creation time (to the microsecond) and id. */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f-]{36})$/;

export function isReportCursor(value: string): boolean {
  return CURSOR_PATTERN.test(value);
}

/**
 * Reports newest first, with the title of the event each one is about: every one, or a page of `limit`
 * after the cursor a previous page ended with (`next`: null on the last page). A cursor rather than an
 * offset, so resolving or deleting on one page never shifts a report out of the next.
 */
export async function listReportsForAdmin(
  db: Db,
  { after, limit }: { after?: string; limit?: number } = {},
): Promise<{ reports: AdminReport[]; next: string | null }> {
  const cursor = after ? CURSOR_PATTERN.exec(after) : null;
  const query = db
    .select({
      report: reports,
      cursor: sql<string>`to_char(${reports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      eventTitle: events.title,
      eventCity: events.city,
      eventSlug: events.slug,
    })
    .from(reports)
    .leftJoin(events, eq(events.id, reports.eventId))
    .where(
      cursor
        ? sql`(${reports.createdAt}, ${reports.id}) < (${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`
        : undefined,
    )
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const rows = await (limit === undefined ? query : query.limit(limit + 1));
  const page = limit === undefined ? rows : rows.slice(0, limit);
  const last = page.at(-1);
  return {
    reports: page.map(({ report, eventTitle, eventCity, eventSlug }) => ({
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
    })),
    next: rows.length > page.length && last ? `${last.cursor}~${last.report.id}` : null,
  };
}

/** How many reports there are, and how many of them wait for an admin. */
export async function countReports(db: Db): Promise<{ total: number; pending: number }> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${reports.status} = 'pending')`,
    })
    .from(reports);
  return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0) };
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

type DeleteReportOutcome = "deleted" | "not-found" | "not-resolved";

/** Deletes a report, but only a resolved one: a pending report must be handled first. */
async function deleteResolvedReport(db: Db, id: string): Promise<DeleteReportOutcome> {
  const removed = await db
    .delete(reports)
    .where(and(eq(reports.id, id), isNotNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  if (removed.length) return "deleted";
  const [existing] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
  return existing ? "not-resolved" : "not-found";
}

/**
 * The report action: `intent` "resolve" marks the report resolved, "delete" removes a resolved one. Answers
 * the result and its HTTP status; a success carries the counts after the change.
 */
export async function handleReportAction(
  db: Db,
  id: string | undefined,
  form: FormData | null,
): Promise<{ status: number; result: ReportActionResult }> {
  const fail = (intent: ReportIntent | "unknown", error: AppError) => ({
    status: error.status,
    result: formFailure(error, { intent }),
  });
  const missing = new AppError("not-found", { message: "Rapporten finns inte" });
  const intent = form?.get("intent");
  if (!isReportIntent(intent))
    return fail("unknown", new AppError("bad-request", { message: "Okänd åtgärd" }));
  if (!id) return fail(intent, missing);
  let resolvedAt: string | null = null;
  if (intent === "resolve") {
    resolvedAt = await resolveReport(db, id);
    if (!resolvedAt) return fail(intent, missing);
  } else {
    const outcome = await deleteResolvedReport(db, id);
    if (outcome === "not-found") return fail(intent, missing);
    if (outcome === "not-resolved")
      return fail(intent, new AppError("conflict", { message: "Bara lösta rapporter kan raderas" }));
  }
  return { status: 200, result: { ok: true, intent, id, resolvedAt, ...(await countReports(db)) } };
}

/** An open report or suggestion as the admin hub lists it: its text and the event it is about. */
export type PendingReport = Pick<
  AdminReport,
  "id" | "reportType" | "title" | "description" | "eventId" | "eventTitle" | "eventPath" | "createdAt"
>;

/**
 * The newest open reports (`kind` "reports") or suggestions of missing quizzes ("suggestions"), at most
 * `limit`, and the one named by `alsoId` even when it is older (a link from "Att bekräfta" points at it).
 */
export async function listPendingForHub(
  db: Db,
  kind: "reports" | "suggestions",
  limit: number,
  alsoId?: string,
): Promise<PendingReport[]> {
  const ofKind =
    kind === "suggestions" ? eq(reports.reportType, "missing_quiz") : ne(reports.reportType, "missing_quiz");
  const rows = await db
    .select({ report: reports, eventTitle: events.title, eventCity: events.city, eventSlug: events.slug })
    .from(reports)
    .leftJoin(events, eq(events.id, reports.eventId))
    .where(and(eq(reports.status, "pending"), ofKind))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
  if (alsoId && !rows.some((r) => r.report.id === alsoId)) {
    const extra = await db
      .select({ report: reports, eventTitle: events.title, eventCity: events.city, eventSlug: events.slug })
      .from(reports)
      .leftJoin(events, eq(events.id, reports.eventId))
      .where(and(eq(reports.id, alsoId), eq(reports.status, "pending"), ofKind));
    rows.push(...extra);
  }
  return rows.map(({ report, eventTitle, eventCity, eventSlug }) => {
    const city = eventCity ? cityByName(eventCity) : undefined;
    return {
      id: report.id,
      reportType: report.reportType as AdminReport["reportType"],
      title: report.title,
      description: report.description,
      eventId: report.eventId,
      eventTitle: eventTitle ?? null,
      eventPath: city && eventSlug ? `/quiz/${city.slug}/${eventSlug}` : null,
      createdAt: report.createdAt.toISOString(),
    };
  });
}

/** How many reports and suggestions wait for an admin. */
export async function countPendingByKind(db: Db): Promise<{ reports: number; suggestions: number }> {
  const [row] = await db
    .select({
      suggestions: sql<number>`count(*) filter (where ${reports.reportType} = 'missing_quiz')`,
      reports: sql<number>`count(*) filter (where ${reports.reportType} <> 'missing_quiz')`,
    })
    .from(reports)
    .where(eq(reports.status, "pending"));
  return { reports: Number(row?.reports ?? 0), suggestions: Number(row?.suggestions ?? 0) };
}

/** A suggestion the admin has made a quiz of is resolved, as "Markera som löst" would (other reports are left). */
export async function resolveSuggestion(db: Db, id: string, now = new Date()): Promise<void> {
  if (await findSuggestion(db, id)) await resolveReport(db, id, now);
}

/** A suggested quiz's parts, for the event form to start from; null when there is no such suggestion. */
export async function findSuggestion(db: Db, id: string) {
  const [row] = await db
    .select({ title: reports.title, description: reports.description })
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.reportType, "missing_quiz")));
  return row ? { id, ...reportToSuggestion(row) } : null;
}
