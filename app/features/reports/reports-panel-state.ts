import type { FormFailure } from "~/lib/form-errors";
import type { AdminReport } from "./reports-admin.server";

const REPORT_INTENTS = ["resolve", "delete"] as const;
export type ReportIntent = (typeof REPORT_INTENTS)[number];

const REPORT_ACTION_PREFIX = "/admin/reports/";

export function reportActionPath(id: string): string {
  return `${REPORT_ACTION_PREFIX}${id}`;
}

/** The report a form posted to the report action is about, or null for any other form. */
export function reportIdOfAction(formAction: string | undefined): string | null {
  if (!formAction?.startsWith(REPORT_ACTION_PREFIX)) return null;
  return formAction.slice(REPORT_ACTION_PREFIX.length) || null;
}

export type ReportActionResult =
  | { ok: true; intent: ReportIntent; id: string; resolvedAt: string | null; total: number; pending: number }
  | (FormFailure & { intent: ReportIntent | "unknown" });

export function isReportIntent(value: unknown): value is ReportIntent {
  return REPORT_INTENTS.some((intent) => intent === value);
}

export function applyReportChange(
  list: AdminReport[],
  change: { intent: ReportIntent; id: string; resolvedAt: string | null },
): AdminReport[] {
  if (change.intent === "delete") return list.filter((r) => r.id !== change.id);
  return list.map((r) =>
    r.id === change.id ? { ...r, status: "resolved" as const, resolvedAt: change.resolvedAt } : r,
  );
}

/** How the counts move while changes are on their way: resolving leaves one fewer waiting, deleting one fewer. */
export function countsWhilePending(
  counts: { total: number; pending: number },
  intents: ReportIntent[],
): { total: number; pending: number } {
  let { total, pending } = counts;
  for (const intent of intents) {
    if (intent === "resolve") pending -= 1;
    else total -= 1;
  }
  return { total: Math.max(total, 0), pending: Math.max(pending, 0) };
}

export const REPORT_TYPE_LABELS: Record<AdminReport["reportType"], string> = {
  incorrect_info: "Felaktig/gammal information",
  other: "Annat",
  missing_quiz: "Saknat quiz",
};
