import { Check, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/time";
import { useActionResult } from "~/lib/use-action-result";
import { useSubmitting } from "~/lib/use-submitting";
import type { AdminReport } from "./reports-admin.server";
import {
  applyReportChange,
  countsWhilePending,
  isReportIntent,
  REPORT_TYPE_LABELS,
  type ReportActionResult,
  type ReportIntent,
  reportActionPath,
  reportIdOfAction,
} from "./reports-panel-state";

type ReportsPage = { reports: AdminReport[]; next?: string | null; total?: number; pending?: number };

function fetchReports(cursor: string | null) {
  const query = cursor ? `?${new URLSearchParams({ efter: cursor })}` : "";
  return apiFetch<ReportsPage>(`/api/admin/reports${query}`);
}

/** Resolve and delete are forms to the report action, shown at once with the counts. */
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

  // Resolves and deletes on their way count at once; the server's counts replace them when it answers.
  const sending = useFetchers().flatMap((f) => {
    const intent = f.formData?.get("intent");
    return f.state === "submitting" && reportIdOfAction(f.formAction) && isReportIntent(intent)
      ? [intent]
      : [];
  });
  const shown = countsWhilePending(counts, sending);

  function settle(result: Extract<ReportActionResult, { ok: true }>) {
    setReports((list) => applyReportChange(list ?? [], result));
    setCounts({ total: result.total, pending: result.pending });
  }

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
            {shown.total === 0
              ? "Inga rapporter."
              : `${shown.total} ${shown.total === 1 ? "rapport" : "rapporter"}, ${shown.pending} väntar.`}
          </p>
          <ul className="mt-4 space-y-3" aria-label="Rapporter">
            {reports.map((report) => (
              <ReportItem key={report.id} report={report} onSettled={settle} />
            ))}
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

const SETTLED: Record<ReportIntent, string> = { resolve: "Rapport löst", delete: "Rapport raderad" };
const REFUSED: Record<ReportIntent, string> = {
  resolve: "Kunde inte markera rapport som löst",
  delete: "Kunde inte radera rapport",
};

function ReportItem({
  report,
  onSettled,
}: {
  report: AdminReport;
  onSettled: (result: Extract<ReportActionResult, { ok: true }>) => void;
}) {
  const fetcher = useFetcher<ReportActionResult>();
  useActionResult(fetcher.data, (result) => {
    if (result.ok) {
      toast.success(SETTLED[result.intent]);
      onSettled(result);
      return;
    }
    toast.error(result.intent === "unknown" ? "Fel" : REFUSED[result.intent]);
    console.warn("report action refused", result.formError);
  });
  const sent = fetcher.formData?.get("intent");
  const answered = fetcher.data?.ok ? fetcher.data : null;
  const intent = isReportIntent(sent) ? sent : answered?.intent;
  if (intent === "delete") return null;
  const resolvedAt =
    intent === "resolve"
      ? (answered?.resolvedAt ?? report.resolvedAt ?? new Date().toISOString())
      : report.resolvedAt;
  const isPending = !resolvedAt;
  return (
    <li
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
          {resolvedAt ? (
            <p className="text-xs text-stone-700 dark:text-stone-300">Löst {formatDateTime(resolvedAt)}</p>
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
      <fetcher.Form method="post" action={reportActionPath(report.id)} className="mt-3 flex gap-2">
        {isPending ? (
          <Button
            type="submit"
            name="intent"
            value="resolve"
            variant="secondary"
            aria-label={`Markera ${report.title} som löst`}
          >
            <Check className="size-4" aria-hidden /> Markera som löst
          </Button>
        ) : (
          <Button
            type="submit"
            name="intent"
            value="delete"
            variant="ghost"
            aria-label={`Radera ${report.title}`}
          >
            <Trash2 className="size-4" aria-hidden /> Radera
          </Button>
        )}
      </fetcher.Form>
    </li>
  );
}
