import { Download } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, Select } from "~/components/ui/field";
import { ScrollTable } from "~/components/ui/scroll-table";
import { toast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/guard.server";
import {
  type ActivityMode,
  csvFileName,
  PERIOD_HOURS,
  PERIOD_LABELS,
  parseMode,
  parsePeriod,
  toCsv,
} from "~/features/beer-activity/beer-activity";
import { DETAIL_LIMIT, getBeerActivity } from "~/features/beer-activity/beer-activity.server";
import { BeerChart } from "~/features/beer-activity/beer-chart";
import { ForceIncrementBox } from "~/features/beer-activity/force-increment-box";
import { getDb } from "~/lib/db.server";
import { formatNumericDateTimeWithSeconds } from "~/lib/time";
import type { Route } from "./+types/beer-activity";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Öl-aktivitet – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "redirect-admin");
  const url = new URL(request.url);
  const hours = parsePeriod(url.searchParams.get("hours"));
  const mode = parseMode(url.searchParams.get("mode"));
  const now = new Date();
  const activity = await getBeerActivity(getDb(), hours, { now, withDetails: mode === "detailed" });
  return { hours, mode, now: now.toISOString(), detailLimit: DETAIL_LIMIT, ...activity };
}

const cell = "px-3 py-2 text-left align-top";

function download(mode: ActivityMode, hours: number, report: Route.ComponentProps["loaderData"]) {
  if (report.total === 0) {
    toast.error("Ingen data", { description: "Det finns ingen data att exportera" });
    return;
  }
  // A byte-order mark lets spreadsheet programs read å, ä and ö correctly.
  const blob = new Blob([toCsv(mode, report)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName(mode, hours, new Date());
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function BeerActivity({ loaderData }: Route.ComponentProps) {
  const { hours, mode, clicks, summary, total, buckets, truncated, detailLimit } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AdminBackLinks />
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Öl-aktivitet</h1>
      </div>

      <ForceIncrementBox />

      <section aria-labelledby="report-heading" className="space-y-4">
        <h2 id="report-heading" className="text-lg font-semibold">
          Rapport
        </h2>
        <Form
          method="get"
          className="flex flex-wrap items-end gap-4"
          onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
        >
          <Field id="hours" label="Period">
            <Select name="hours" defaultValue={hours} key={`h${hours}`}>
              {PERIOD_HOURS.map((h) => (
                <option key={h} value={h}>
                  Senaste {PERIOD_LABELS[h]}
                </option>
              ))}
            </Select>
          </Field>
          <fieldset key={`m${mode}`}>
            <legend className="text-sm font-medium">Visning</legend>
            <div className="mt-1 flex rounded-lg border border-stone-300 p-0.5 dark:border-stone-700">
              {(["summary", "detailed"] as const).map((m) => (
                <label
                  key={m}
                  className="cursor-pointer rounded-md px-3 py-1.5 text-sm has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:has-[:checked]:bg-brand-400 dark:has-[:checked]:text-stone-950"
                >
                  <input type="radio" name="mode" value={m} defaultChecked={mode === m} className="sr-only" />
                  {m === "summary" ? "Sammanfattning" : "Detaljerad"}
                </label>
              ))}
            </div>
          </fieldset>
          <noscript>
            <Button type="submit">Visa</Button>
          </noscript>
          <Button
            variant="secondary"
            className="sm:ml-auto"
            onClick={() => download(mode, hours, loaderData)}
          >
            <Download className="size-4" aria-hidden /> Exportera CSV
          </Button>
        </Form>

        <p className="text-base" aria-live="polite" aria-busy={navigation.state !== "idle"}>
          Totalt antal skålningar: <strong data-testid="beer-total">{total}</strong>
        </p>

        <BeerChart buckets={buckets} hours={hours} />

        {total === 0 ? (
          <p className="rounded-xl border border-stone-200 p-6 text-center text-stone-600 dark:border-stone-800 dark:text-stone-400">
            Ingen data för perioden.
          </p>
        ) : (
          <>
            {mode === "detailed" && truncated && (
              <p className="text-sm text-stone-600 dark:text-stone-400">
                Visar de senaste {detailLimit.toLocaleString("sv-SE")} av {total.toLocaleString("sv-SE")}{" "}
                skålningar; sammanfattningen räknar alla.
              </p>
            )}
            <ScrollTable
              label={mode === "summary" ? "Skålningar per quiz" : "Alla skålningar"}
              className="rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
            >
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">
                  {mode === "summary" ? "Skålningar per quiz" : "Alla skålningar"} de senaste{" "}
                  {PERIOD_LABELS[hours]}
                </caption>
                <thead className="border-b border-stone-200 bg-stone-50 dark:border-stone-800 dark:bg-stone-950">
                  {mode === "summary" ? (
                    <tr>
                      <th className={cell}>Quiz</th>
                      <th className={cell}>Stad</th>
                      <th className={cell}>Plats</th>
                      <th className={`${cell} text-right`}>Antal</th>
                      <th className={cell}>Första</th>
                      <th className={cell}>Senaste</th>
                    </tr>
                  ) : (
                    <tr>
                      <th className={cell}>Quiz</th>
                      <th className={cell}>Stad</th>
                      <th className={cell}>Plats</th>
                      <th className={cell}>Användar-ID</th>
                      <th className={cell}>Tid</th>
                    </tr>
                  )}
                </thead>
                <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
                  {mode === "summary"
                    ? summary.map((r) => (
                        <tr key={r.eventId}>
                          <td className={`${cell} font-medium`}>{r.title}</td>
                          <td className={cell}>{r.city}</td>
                          <td className={cell}>{r.place}</td>
                          <td className={`${cell} text-right tabular-nums`}>{r.count}</td>
                          <td className={`${cell} tabular-nums`}>
                            {formatNumericDateTimeWithSeconds(r.first)}
                          </td>
                          <td className={`${cell} tabular-nums`}>
                            {formatNumericDateTimeWithSeconds(r.last)}
                          </td>
                        </tr>
                      ))
                    : clicks.map((c, i) => (
                        <tr key={`${c.eventId}-${c.clickedAt}-${i}`}>
                          <td className={`${cell} font-medium`}>{c.title}</td>
                          <td className={cell}>{c.city}</td>
                          <td className={cell}>{c.place}</td>
                          <td className={`${cell} font-mono text-xs break-all`}>{c.userIdentifier}</td>
                          <td className={`${cell} tabular-nums`}>
                            {formatNumericDateTimeWithSeconds(c.clickedAt)}
                          </td>
                        </tr>
                      ))}
                </tbody>
              </table>
            </ScrollTable>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Kunde inte hämta öl-aktivitet</h1>
      <Link to="/admin/beer-activity" className={buttonClasses("secondary", "mt-6")}>
        Försök igen
      </Link>
    </div>
  );
}
