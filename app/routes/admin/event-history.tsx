import { Link } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { requireAdmin } from "~/features/auth/guard.server";
import { countEventChanges, listEventChanges } from "~/features/event-history/event-history.server";
import { EventHistoryList } from "~/features/event-history/event-history-list";
import { undoEventChange } from "~/features/event-history/undo-change.server";
import { findEventViewById } from "~/features/events/events.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { AppError, appErrorPage, formFailureData } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import { pageHref, pageWindow, parsePage } from "~/lib/paging";
import type { Route } from "./+types/event-history";

/** Changes per page of an event's history. */
const HISTORY_PAGE_SIZE = 50;

const EVENT_MISSING = "Eventet finns inte";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `Ändringshistorik${loaderData ? ` – ${loaderData.event.title}` : ""} – Quizkväll` },
    { name: "robots", content: "noindex" },
  ];
}

/** "Ändringshistorik": an event's recorded changes, newest first, a page at a time. Admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "forbidden-page");
  const db = getDb();
  const id = uuidParam(params.id);
  const event = id ? await findEventViewById(db, id, requestNow(request)) : null;
  if (!event) throw appErrorPage(new AppError("not-found", { message: EVENT_MISSING }));
  const total = await countEventChanges(db, event.id);
  const { offset, limit, page, pages } = pageWindow(
    total,
    parsePage(new URL(request.url).searchParams),
    HISTORY_PAGE_SIZE,
  );
  return {
    event: { id: event.id, title: event.title, path: `/quiz/${event.citySlug}/${event.slug}` },
    changes: await listEventChanges(db, event.id, { offset, limit }),
    total,
    page,
    pages,
  };
}

/** "Ångra": reverts one change, if its field still holds what the change wrote. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, "forbidden-page");
  if (!uuidParam(params.id)) throw appErrorPage(new AppError("not-found", { message: EVENT_MISSING }));
  const form = await request.formData().catch(() => null);
  const changeId = uuidParam(form?.get("changeId")?.toString());
  if (!changeId) return formFailureData(new AppError("bad-request", { message: "Ändringen finns inte" }));
  const undone = await undoEventChange(
    getDb(),
    changeId,
    { userId: viewer.user?.id ?? null, role: "admin" },
    // A night put back or taken away is told to the event's followers with the undo itself.
    { now: requestNow(request), aroundChange: withFollowerAlerts },
  );
  if (!undone.ok) return formFailureData(undone.error);
  return { ok: true as const };
}

export default function EventHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { event, changes, total, page, pages } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AdminBackLinks />
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Ändringshistorik</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          <Link to={event.path} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            {event.title}
          </Link>
          {" · "}
          <Link
            to={`/admin/events/${event.id}/edit`}
            className="font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            Redigera
          </Link>
          {total > 0 && ` · ${total === 1 ? "1 ändring" : `${total} ändringar`}`}
        </p>
      </div>
      {actionData?.ok === false ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {actionData.formError}
        </p>
      ) : actionData?.ok ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          Ändringen har ångrats
        </p>
      ) : null}
      {changes.length === 0 ? (
        <EmptyState padding="lg" tone="inherit">
          Inga ändringar ännu.
        </EmptyState>
      ) : (
        <EventHistoryList changes={changes} />
      )}
      {pages > 1 && (
        <PageLinks
          page={page}
          pages={pages}
          hrefFor={(n) => pageHref(`/admin/events/${event.id}/historik`, new URLSearchParams(), n)}
        />
      )}
    </div>
  );
}
