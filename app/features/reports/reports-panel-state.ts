import type { AdminReport } from "./reports-admin.server";

/**
 * Optimistic edits of the admin's report list: each returns the next list and an undo that puts the
 * report back exactly as it was (same place, same fields) when the server refuses.
 */
export type ReportChange = { next: AdminReport[]; undo: (list: AdminReport[]) => AdminReport[] };

export function markResolved(list: AdminReport[], id: string, now: Date): ReportChange {
  const before = list.find((r) => r.id === id);
  return {
    next: list.map((r) =>
      r.id === id ? { ...r, status: "resolved" as const, resolvedAt: now.toISOString() } : r,
    ),
    undo: (current) => (before ? current.map((r) => (r.id === id ? before : r)) : current),
  };
}

export function removeReport(list: AdminReport[], id: string): ReportChange {
  const index = list.findIndex((r) => r.id === id);
  const before = list[index];
  return {
    next: list.filter((r) => r.id !== id),
    undo: (current) => {
      if (!before || current.some((r) => r.id === id)) return current;
      const copy = [...current];
      copy.splice(Math.min(index, copy.length), 0, before);
      return copy;
    },
  };
}

export const REPORT_TYPE_LABELS: Record<AdminReport["reportType"], string> = {
  incorrect_info: "Felaktig/gammal information",
  other: "Annat",
  missing_quiz: "Saknat quiz",
};
