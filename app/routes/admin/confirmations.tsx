import { useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { requireAdmin } from "~/features/auth/guard.server";
import { lastConfirmedLabel, openReportsLabel } from "~/features/confirmations/confirmations";
import {
  confirmEventByAdmin,
  confirmEventsByAdmin,
  countStaleEvents,
  listStaleEvents,
  type StaleEvent,
} from "~/features/confirmations/confirmations.server";
import { ASK_HOSTS_AFTER_DAYS, UNCONFIRMED_NOTICE_AFTER_DAYS } from "~/features/confirmations/freshness";
import { restoreEndedEvent } from "~/features/confirmations/freshness.server";
import { DELETE_CONFIRMATION } from "~/features/event-editor/delete-confirmation";
import { deleteEvent } from "~/features/event-editor/event-mutations.server";
import { cityByName } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import { pageHref, pageWindow, parsePage } from "~/lib/paging";
import { formatLongDate, formatWeekdayDate } from "~/lib/time";
import type { Route } from "./+types/confirmations";

const CONFIRMATIONS_PAGE_SIZE = 50;

export function meta(): Route.MetaDescriptors {
  return [{ title: "Att bekräfta – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/** 60 days unconfirmed without a host, 120 with one, stalest first (decisions 015 and 044). */
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

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request, "redirect-admin");
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "confirm-several") {
    const ids = form.getAll("eventId").map((v) => uuidParam(v.toString()));
    const valid = ids.filter((v): v is string => Boolean(v)).slice(0, CONFIRMATIONS_PAGE_SIZE);
    if (valid.length === 0) return data({ error: "Välj minst ett quiz att bekräfta." }, { status: 400 });
    return { confirmedCount: await confirmEventsByAdmin(getDb(), valid, requestNow(request)) };
  }
  const id = uuidParam(form?.get("eventId")?.toString());
  if (!id) return data({ error: "Eventet finns inte." }, { status: 400 });
  const db = getDb();
  const now = requestNow(request);
  const intent = form?.get("intent")?.toString() ?? "confirm";
  if (intent === "restore") {
    if (!(await restoreEndedEvent(db, id, now)))
      return data({ error: "Quizet är inte rapporterat som upphört." }, { status: 404 });
    return { restored: id };
  }
  if (intent === "delete") {
    if (!(await deleteEvent(db, id))) return data({ error: "Eventet finns inte." }, { status: 404 });
    return { deleted: id };
  }
  if (intent !== "confirm") return data({ error: "Okänd åtgärd." }, { status: 400 });
  if (!(await confirmEventByAdmin(db, id, now)))
    return data({ error: "Eventet finns inte." }, { status: 404 });
  return { confirmed: id };
}

function reasons(e: StaleEvent): string {
  const parts = [e.city, e.lastConfirmedAt ? lastConfirmedLabel(e.lastConfirmedAt) : "Aldrig bekräftad"];
  if (e.endedReportedAt) parts.push(`Quizvärden: quizet har upphört (${formatLongDate(e.endedReportedAt)})`);
  if (!e.hasHost && !e.endedReportedAt) parts.push("Ingen quizvärd");
  if (e.openReports > 0) parts.push(openReportsLabel(e.openReports));
  if (e.notHeld > 0 && e.notHeldNight)
    parts.push(
      `${e.notHeld === 1 ? "1 besökare" : `${e.notHeld} besökare`}: det blev inget ${formatWeekdayDate(`${e.notHeldNight}T12:00:00Z`)}`,
    );
  return parts.join(" · ");
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
          Upphörda quiz, quiz utan quizvärd som inte bekräftats på {ASK_HOSTS_AFTER_DAYS} dagar (med quizvärd{" "}
          {UNCONFIRMED_NOTICE_AFTER_DAYS}) och quiz med öppna rapporter eller ”Det blev inget”, äldst först.
          {loaderData.total > 0 && ` ${loaderData.total} event.`}
        </p>
      </div>
      {actionData && "error" in actionData && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {actionData.error}
        </p>
      )}
      {actionData && "confirmedCount" in actionData && (
        <p role="status" className="font-medium text-emerald-800 dark:text-emerald-300">
          {actionData.confirmedCount === 1
            ? "1 quiz bekräftat."
            : `${actionData.confirmedCount} quiz bekräftade.`}
        </p>
      )}
      {loaderData.events.some((e) => !e.endedReportedAt) && (
        <Form method="post" id="confirm-several" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="confirm-several" />
          <Button type="submit" variant="secondary" disabled={navigation.state !== "idle"}>
            Bekräfta valda
          </Button>
          <span className="text-sm text-stone-600 dark:text-stone-400">Kryssa i de quiz som stämmer.</span>
        </Form>
      )}
      {loaderData.events.length === 0 ? (
        <EmptyState padding="lg" tone="inherit">
          Allt är bekräftat.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-stone-800">
          {loaderData.events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              {e.endedReportedAt ? null : (
                <input
                  type="checkbox"
                  name="eventId"
                  value={e.id}
                  form="confirm-several"
                  aria-label={`Välj ${e.title}`}
                  className="size-5 shrink-0 accent-brand-700"
                />
              )}
              <div className="min-w-0 flex-1">
                <Link
                  to={`/quiz/${cityByName(e.city)?.slug ?? ""}/${e.slug}`}
                  className="font-medium hover:underline"
                >
                  {e.title}
                </Link>
                <p className="text-sm text-stone-600 dark:text-stone-400">{reasons(e)}</p>
                <p className="mt-1 flex gap-3 text-sm">
                  <Link to={`/admin/events/${e.id}/edit`} className="underline underline-offset-2">
                    Redigera<span className="sr-only"> {e.title}</span>
                  </Link>
                  <Link to={`/admin/events/${e.id}/historik`} className="underline underline-offset-2">
                    Historik<span className="sr-only"> för {e.title}</span>
                  </Link>
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
              {e.endedReportedAt ? (
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="eventId" value={e.id} />
                    <Button type="submit" name="intent" value="restore" disabled={busyId === e.id}>
                      Återställ
                    </Button>
                  </Form>
                  <DeleteEndedEvent eventId={e.id} disabled={busyId === e.id} />
                </div>
              ) : (
                <Form method="post">
                  <input type="hidden" name="eventId" value={e.id} />
                  <Button type="submit" name="intent" value="confirm" disabled={busyId === e.id}>
                    Bekräfta
                  </Button>
                </Form>
              )}
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

/** Without JavaScript the form posts at once: no dialog can open. */
function DeleteEndedEvent({ eventId, disabled }: { eventId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(true);
      }}
    >
      <input type="hidden" name="eventId" value={eventId} />
      <Button type="submit" name="intent" value="delete" variant="destructive" disabled={disabled}>
        Ta bort
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Ta bort quiz"
        description={DELETE_CONFIRMATION}
        confirmLabel="Ta bort"
        onConfirm={() => submit({ eventId, intent: "delete" }, { method: "post" })}
      />
    </Form>
  );
}
