import { data, Form, Link, useNavigation } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { requireAdmin } from "~/features/auth/guard.server";
import {
  lastConfirmedLabel,
  openReportsLabel,
  STALE_AFTER_DAYS,
} from "~/features/confirmations/confirmations";
import {
  confirmEventByAdmin,
  countStaleEvents,
  listStaleEvents,
} from "~/features/confirmations/confirmations.server";
import { cityByName } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import { pageHref, pageWindow, parsePage } from "~/lib/paging";
import type { Route } from "./+types/confirmations";

/** Events per page of the list. */
const CONFIRMATIONS_PAGE_SIZE = 50;

export function meta(): Route.MetaDescriptors {
  return [{ title: "Att bekräfta – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/** Events not confirmed for 90 days and events with open reports, stalest first (decision 015), a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "redirect-admin");
  const db = getDb();
  const now = requestNow(request);
  const total = await countStaleEvents(db, now);
  const { offset, limit, page, pages } = pageWindow(
    total,
    parsePage(new URL(request.url).searchParams),
    CONFIRMATIONS_PAGE_SIZE,
  );
  return { events: await listStaleEvents(db, now, { offset, limit }), total, page, pages };
}

/** "Bekräfta": one event is true as of now. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "redirect-admin");
  const form = await request.formData().catch(() => null);
  const id = uuidParam(form?.get("eventId")?.toString());
  if (!id) return data({ error: "Eventet finns inte." }, { status: 400 });
  if (!(await confirmEventByAdmin(getDb(), id, requestNow(request))))
    return data({ error: "Eventet finns inte." }, { status: 404 });
  return { confirmed: id };
}

export default function Confirmations({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("eventId") : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AdminBackLinks />
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Att bekräfta</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          Ej bekräftade på {STALE_AFTER_DAYS} dagar eller med öppna rapporter, äldst först.
          {loaderData.total > 0 && ` ${loaderData.total} event.`}
        </p>
      </div>
      {actionData && "error" in actionData && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {actionData.error}
        </p>
      )}
      {loaderData.events.length === 0 ? (
        <EmptyState padding="lg" tone="inherit">
          Allt är bekräftat.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-stone-800">
          {loaderData.events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link
                  to={`/quiz/${cityByName(e.city)?.slug ?? ""}/${e.slug}`}
                  className="font-medium hover:underline"
                >
                  {e.title}
                </Link>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {e.city} · {e.lastConfirmedAt ? lastConfirmedLabel(e.lastConfirmedAt) : "Aldrig bekräftad"}
                  {e.openReports > 0 && ` · ${openReportsLabel(e.openReports)}`}
                </p>
                {e.latestReport && (
                  <p className="mt-1 text-sm break-words">
                    <Link
                      to={`/admin?rapport=${e.latestReport.id}#rapport-${e.latestReport.id}`}
                      className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                    >
                      {e.latestReport.title}
                    </Link>
                    {": "}
                    <span className="text-stone-700 dark:text-stone-300">{e.latestReport.description}</span>
                  </p>
                )}
              </div>
              <Form method="post">
                <input type="hidden" name="eventId" value={e.id} />
                <Button type="submit" disabled={busyId === e.id}>
                  Bekräfta
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {loaderData.pages > 1 && (
        <PageLinks
          page={loaderData.page}
          pages={loaderData.pages}
          hrefFor={(n) => pageHref("/admin/confirmations", new URLSearchParams(), n)}
        />
      )}
    </div>
  );
}
