import { Check, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/time";
import { useSubmitting } from "~/lib/use-submitting";
import type { AdminReport } from "./reports-admin.server";
import { markResolved, REPORT_TYPE_LABELS, type ReportChange, removeReport } from "./reports-panel-state";

async function send(url: string, method: "PATCH" | "DELETE") {
  await apiFetch(url, { method });
}

type ReportsPage = { reports: AdminReport[]; next?: string | null; total?: number; pending?: number };

/** The page of reports after `cursor` (the first without one). */
function fetchReports(cursor: string | null) {
  const query = cursor ? `?${new URLSearchParams({ efter: cursor })}` : "";
  return apiFetch<ReportsPage>(`/api/admin/reports${query}`);
}

/**
 * The reports, newest first, a page at a time ("Visa fler rapporter" adds the next); pending ones highlighted;
 * resolve and delete applied optimistically, the counts with them.
 */
export function ReportsPanel() {
  const [reports, setReports] = useState<AdminReport[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [counts, setCounts] = useState({ total: 0, pending: 0 });
  const loadingMore = useSubmitting();

  function receive(page: ReportsPage, earlier: AdminReport[]) {
    const known = new Set(earlier.map((r) => r.id));
    const list = [...earlier, ...page.reports.filter((r) => !known.has(r.id))];
    setReports(list);
    setNext(page.next ?? null);
    setCounts({
      total: page.total ?? list.length,
      pending: page.pending ?? list.filter((r) => !r.resolvedAt).length,
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is read once, when the panel opens.
  useEffect(() => {
    let cancelled = false;
    fetchReports(null)
      .then((page) => {
        if (!cancelled) receive(page, []);
      })
      .catch((error) => {
        if (cancelled) return;
        setReports([]);
        toast.error("Kunde inte hämta rapporter");
        console.warn("reports load failed", error);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const loadMore = () =>
    loadingMore.run(async () => {
      try {
        receive(await fetchReports(next), reports ?? []);
      } catch (error) {
        toast.error("Kunde inte hämta rapporter");
        console.warn("reports load failed", error);
      }
    });

  async function apply(
    change: (list: AdminReport[]) => ReportChange,
    delta: { total: number; pending: number },
    request: () => Promise<void>,
    success: string,
    failure: string,
  ) {
    let undo: ReportChange["undo"] = (l) => l;
    setReports((list) => {
      const result = change(list ?? []);
      undo = result.undo;
      return result.next;
    });
    const shift = (sign: number) =>
      setCounts((c) => ({ total: c.total + sign * delta.total, pending: c.pending + sign * delta.pending }));
    shift(1);
    try {
      await request();
      toast.success(success);
    } catch (error) {
      setReports((list) => undo(list ?? []));
      shift(-1);
      toast.error(failure);
      console.warn(failure, error);
    }
  }

  const resolve = (id: string) =>
    apply(
      (list) => markResolved(list, id, new Date()),
      { total: 0, pending: -1 },
      () => send(`/api/admin/reports/${id}`, "PATCH"),
      "Rapport löst",
      "Kunde inte markera rapport som löst",
    );
  const remove = (id: string) =>
    apply(
      (list) => removeReport(list, id),
      { total: -1, pending: 0 },
      () => send(`/api/admin/reports/${id}`, "DELETE"),
      "Rapport raderad",
      "Kunde inte radera rapport",
    );

  return (
    <section
      aria-labelledby="reports-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-950"
    >
      <h2 id="reports-heading" className="text-lg font-semibold">
        Rapporter
      </h2>
      {reports === null ? (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
          Hämtar rapporter…
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
            {counts.total === 0
              ? "Inga rapporter."
              : `${counts.total} ${counts.total === 1 ? "rapport" : "rapporter"}, ${counts.pending} väntar.`}
          </p>
          <ul className="mt-4 space-y-3" aria-label="Rapporter">
            {reports.map((report) => {
              const isPending = !report.resolvedAt;
              return (
                <li
                  key={report.id}
                  aria-label={report.title}
                  className={cn(
                    "rounded-lg border p-4",
                    isPending
                      ? "border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/40"
                      : "border-stone-200 dark:border-stone-800",
                  )}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words">{report.title}</h3>
                      <p className="text-xs text-stone-700 dark:text-stone-300">
                        {REPORT_TYPE_LABELS[report.reportType]} · {formatDateTime(report.createdAt)}
                        {report.eventTitle ? (
                          <>
                            {" · Gäller: "}
                            {report.eventPath ? (
                              <a href={report.eventPath} className="underline">
                                {report.eventTitle}
                              </a>
                            ) : (
                              report.eventTitle
                            )}
                          </>
                        ) : null}
                      </p>
                      {report.resolvedAt ? (
                        <p className="text-xs text-stone-700 dark:text-stone-300">
                          Löst {formatDateTime(report.resolvedAt)}
                        </p>
                      ) : null}
                    </div>
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-medium",
                        isPending
                          ? "bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50"
                          : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
                      )}
                    >
                      {isPending ? "Väntar" : "Löst"}
                    </span>
                  </div>
                  <p className="mt-2 text-sm whitespace-pre-line break-words">{report.description}</p>
                  {report.reporterName || report.contactEmail ? (
                    <p className="mt-2 text-xs text-stone-700 dark:text-stone-300">
                      Från: {[report.reporterName, report.contactEmail].filter(Boolean).join(", ")}
                    </p>
                  ) : null}
                  <div className="mt-3 flex gap-2">
                    {isPending ? (
                      <Button
                        variant="secondary"
                        onClick={() => resolve(report.id)}
                        aria-label={`Markera ${report.title} som löst`}
                      >
                        <Check className="size-4" aria-hidden /> Markera som löst
                      </Button>
                    ) : (
                      <Button
                        variant="ghost"
                        onClick={() => remove(report.id)}
                        aria-label={`Radera ${report.title}`}
                      >
                        <Trash2 className="size-4" aria-hidden /> Radera
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {next && (
            <Button
              variant="secondary"
              className="mt-4"
              onClick={loadMore}
              disabled={loadingMore.isSubmitting}
            >
              Visa fler rapporter
            </Button>
          )}
        </>
      )}
    </section>
  );
}
