import { Download } from "lucide-react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useNavigation,
  useRouteError,
  useSearchParams,
  useSubmit,
} from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, Select } from "~/components/ui/field";
import { PageLinks } from "~/components/ui/page-links";
import { ScrollTable } from "~/components/ui/scroll-table";
import { toast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/guard.server";
import {
  type ActivityMode,
  PERIOD_HOURS,
  PERIOD_LABELS,
  parseMode,
  parsePeriod,
  shownIncrement,
} from "~/features/beer-activity/beer-activity";
import {
  DETAIL_LIMIT,
  DETAIL_PAGE_SIZE,
  getBeerActivity,
  SUMMARY_PAGE_SIZE,
} from "~/features/beer-activity/beer-activity.server";
import { BeerChart } from "~/features/beer-activity/beer-chart";
import { runBeerIncrementNow } from "~/features/beer-activity/beer-increment.server";
import { ForceIncrementBox } from "~/features/beer-activity/force-increment-box";
import { AppError, formFailureData, isAppError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { pageHref, pageOf, pageWindow, parsePage } from "~/lib/paging";
import { formatNumericDateTimeWithSeconds } from "~/lib/time";
import { UNAVAILABLE_HINT, UNAVAILABLE_STATUS } from "~/lib/unavailable";
import type { Route } from "./+types/beer-activity";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Öl-aktivitet – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/**
 * The report for the chosen period: totals and chart over every click, the tables a page at a time
 * (`?sida=N`; the summary by SUMMARY_PAGE_SIZE events, the detailed list by DETAIL_PAGE_SIZE of the newest
 * DETAIL_LIMIT clicks). The CSV export has every row (routes/api/admin/beer-activity-csv.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "redirect-admin");
  const url = new URL(request.url);
  const hours = parsePeriod(url.searchParams.get("hours"));
  const mode = parseMode(url.searchParams.get("mode"));
  const asked = parsePage(url.searchParams);
  const now = new Date();
  const detailed = mode === "detailed";
  const details = { offset: (asked - 1) * DETAIL_PAGE_SIZE, limit: DETAIL_PAGE_SIZE };
  const activity = await getBeerActivity(getDb(), hours, { now, withDetails: detailed, details });
  const rows = detailed ? Math.min(activity.total, DETAIL_LIMIT) : activity.summary.length;
  const { page, pages } = pageWindow(rows, asked, detailed ? DETAIL_PAGE_SIZE : SUMMARY_PAGE_SIZE);
  const summary = detailed ? [] : pageOf(activity.summary, page, SUMMARY_PAGE_SIZE).items;
  return {
    hours,
    mode,
    now: now.toISOString(),
    detailLimit: DETAIL_LIMIT,
    ...activity,
    summary,
    page,
    pages,
  };
}

/** "Kör öl-ökningen nu": the beer job at once, answered with its result or why it did not run. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "forbidden-page");
  const form = await request.formData();
  if (form.get("intent") !== "increment")
    return formFailureData(new AppError("bad-request", { message: "Okänd åtgärd" }));
  try {
    return { ok: true as const, result: shownIncrement(await runBeerIncrementNow(getDb())) };
  } catch (error) {
    if (isAppError(error)) return formFailureData(error);
    throw error;
  }
}

const cell = "px-3 py-2 text-left align-top";

/** The export of the whole report (every row, not only the page shown), made by the server. */
function csvHref(mode: ActivityMode, hours: number) {
  return `/api/admin/beer-activity.csv?${new URLSearchParams({ hours: String(hours), mode })}`;
}

export default function BeerActivity({ loaderData }: Route.ComponentProps) {
  const { hours, mode, clicks, summary, total, buckets, truncated, detailLimit, page, pages } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const [params] = useSearchParams();

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
          {total === 0 ? (
            <Button
              variant="secondary"
              className="sm:ml-auto"
              onClick={() => toast.error("Ingen data", { description: "Det finns ingen data att exportera" })}
            >
              <Download className="size-4" aria-hidden /> Exportera CSV
            </Button>
          ) : (
            <a href={csvHref(mode, hours)} download className={buttonClasses("secondary", "sm:ml-auto")}>
              <Download className="size-4" aria-hidden /> Exportera CSV
            </a>
          )}
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
            {pages > 1 && (
              <PageLinks
                page={page}
                pages={pages}
                hrefFor={(n) => pageHref("/admin/beer-activity", params, n)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** The one failure this page expects: its figures could not be read (the database did not answer). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== UNAVAILABLE_STATUS) throw error;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Kunde inte hämta öl-aktivitet</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{UNAVAILABLE_HINT}</p>
      <Link to="/admin/beer-activity" className={buttonClasses("secondary", "mt-6")}>
        Försök igen
      </Link>
    </div>
  );
}
