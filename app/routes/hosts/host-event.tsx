import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AccessDeniedContent } from "~/components/layout/access-denied-content";
import { handleEventAction } from "~/features/event-editor/event-actions.server";
import { EventForm } from "~/features/event-editor/event-form";
import { WidgetSnippet, widgetSnippet } from "~/features/event-widget/public";
import { findEventViewById } from "~/features/events/events.server";
import { eventPath } from "~/features/events/public";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { requireHostOfEvent } from "~/features/hosts/host-access.server";
import { UploadLimitContext } from "~/features/images/public";
import { readUploadLimit } from "~/features/images/upload.server";
import { AppError, appErrorPage } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { stockholmDate } from "~/lib/time";
import type { Route } from "./+types/host-event";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `${loaderData?.event.title ?? "Quiz"} – Quizvärd – Quizkväll` },
    { name: "robots", content: "noindex" },
  ];
}

const NO_EVENT = "Eventet finns inte";

/**
 * /quizvard/:eventId: what the event's host may change, in the admin's event form with the name, city and
 * place locked, and the dates editor. Only a host of this event (or an admin) gets past the guard.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = uuidParam(params.eventId) ?? null;
  await requireHostOfEvent(request, id);
  const now = requestNow(request);
  const event = id ? await findEventViewById(getDb(), id, now) : null;
  if (!event) throw appErrorPage(new AppError("not-found", { message: NO_EVENT }));
  // The dates editor's nights start from the server's "now", as on the admin's editor.
  const widget = `${eventPath(event)}/widget`;
  return {
    event,
    uploadLimit: readUploadLimit(),
    today: stockholmDate(now),
    widget: { preview: widget, snippet: widgetSnippet(siteOrigin(), eventPath(event), event.title) },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = uuidParam(params.eventId) ?? null;
  const { viewer, role } = await requireHostOfEvent(request, id);
  if (!id) throw appErrorPage(new AppError("not-found", { message: NO_EVENT }));
  // The host page allows a host's changes only, whoever posts it (an admin has the admin's editor).
  const { result, status } = await handleEventAction(getDb(), request, id, {
    createdBy: viewer.user.id,
    now: requestNow(request),
    aroundChange: withFollowerAlerts,
    role: "host",
    actor: { userId: viewer.user.id, role },
  });
  return data(result, { status });
}

export default function HostEvent({ loaderData, actionData }: Route.ComponentProps) {
  const event = actionData?.ok && actionData.event ? actionData.event : loaderData.event;
  const saved = actionData?.ok && actionData.intent === "save";
  return (
    <UploadLimitContext.Provider value={loaderData.uploadLimit}>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
        <nav aria-label="Tillbaka">
          <Link
            to="/quizvard"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            ← Mina quiz som värd
          </Link>
        </nav>
        <h1 className="text-3xl font-bold tracking-tight">{event.title}</h1>
        {saved ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            Quiz har uppdaterats
          </p>
        ) : null}
        {saved && actionData.notice ? (
          <p
            role="status"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {actionData.notice}
          </p>
        ) : null}
        <EventForm
          key={event.id}
          event={event}
          result={actionData}
          host
          action={`/quizvard/${event.id}`}
          today={loaderData.today}
        />
        <WidgetSnippet {...loaderData.widget} />
      </div>
    </UploadLimitContext.Provider>
  );
}

/** A 403 here is about hosting, not about being an admin: it says so, and leads to the host's own events. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <>
      <title>Åtkomst nekad – Quizkväll</title>
      <meta name="robots" content="noindex" />
      <AccessDeniedContent
        reason="Du är inte quizvärd för det här quizet. Som quizvärd kan du bara ändra dina egna quiz."
        to="/quizvard"
        action="Till dina quiz"
      />
    </>
  );
}
