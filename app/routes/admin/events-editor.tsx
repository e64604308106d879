import { useState } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { requireAdmin } from "~/features/auth/guard.server";
import { handleEventAction } from "~/features/event-editor/event-actions.server";
import { EventForm } from "~/features/event-editor/event-form";
import type { EventFormValues } from "~/features/event-editor/event-form-schema";
import { QUIZ_NIGHT_HINT } from "~/features/event-editor/quiz-night-hint";
import { findEventViewById } from "~/features/events/events.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { UploadLimitContext } from "~/features/images/public";
import { readUploadLimit } from "~/features/images/upload.server";
import { findSuggestion, resolveSuggestion } from "~/features/reports/reports-admin.server";
import { AppError, appErrorPage } from "~/lib/app-error";
import { CITY_NAMES } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { uuidParam } from "~/lib/http.server";
import { stockholmDate } from "~/lib/time";
import type { Route } from "./+types/events-editor";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    {
      title: loaderData?.event
        ? `Redigera ${loaderData.event.title} – Quizkväll`
        : "Lägg till quiz – Quizkväll",
    },
    { name: "robots", content: "noindex" },
  ];
}

/** `?tillagd=1`: the quiz was just made from a suggestion (the page says so). */
const ADDED_PARAM = "tillagd";

/** The event form as a page of its own: where the home page's form and dialog post, and usable without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "forbidden-page");
  const uploadLimit = readUploadLimit();
  const now = requestNow(request);
  const today = stockholmDate(now);
  if (params.id === undefined) {
    const suggestion = await suggestionPrefill(request);
    // The form posts back with the suggestion's id, which the action resolves once the quiz is made.
    const formAction = suggestion ? `/admin/events/new?forslag=${suggestion.id}` : undefined;
    return { event: null, uploadLimit, today, prefill: suggestion?.prefill ?? null, formAction };
  }
  const id = uuidParam(params.id);
  const event = id ? await findEventViewById(getDb(), id, now) : null;
  if (!event) throw appErrorPage(new AppError("not-found", { message: "Eventet finns inte" }));
  return { event, uploadLimit, today, prefill: null, formAction: undefined };
}

/**
 * "Skapa quiz från förslaget": `?forslag={report id}` starts a new event from a visitor's suggestion (the venue
 * as title and place, its city when it is one of ours, the visitor's notes as description).
 */
async function suggestionPrefill(
  request: Request,
): Promise<{ id: string; prefill: Partial<EventFormValues> } | null> {
  const id = uuidParam(new URL(request.url).searchParams.get("forslag") ?? undefined);
  const suggestion = id ? await findSuggestion(getDb(), id) : null;
  if (!suggestion) return null;
  const city = CITY_NAMES.find((c) => c === suggestion.city);
  return {
    id: suggestion.id,
    prefill: {
      title: suggestion.venueName,
      location: suggestion.venueName,
      description: suggestion.additionalInfo ?? "",
      ...(city ? { city } : {}),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, "forbidden-page");
  let eventId: string | null = null;
  if (params.id !== undefined) {
    eventId = uuidParam(params.id) ?? null;
    if (!eventId) throw appErrorPage(new AppError("not-found", { message: "Eventet finns inte" }));
  }
  const now = requestNow(request);
  const { result, status } = await handleEventAction(getDb(), request, eventId, {
    createdBy: viewer.user?.id ?? null,
    now,
    actor: { userId: viewer.user?.id ?? null, role: "admin" },
    // A cancelled, moved or added night is told to the event's followers with the change itself.
    aroundChange: withFollowerAlerts,
  });
  // A quiz made from a visitor's suggestion (the form posts to `?forslag={id}`) resolves the suggestion.
  const suggestionId = uuidParam(new URL(request.url).searchParams.get("forslag") ?? undefined);
  if (!eventId && suggestionId && result.ok && result.intent === "save") {
    await resolveSuggestion(getDb(), suggestionId, now);
    // The admin lands on the new quiz, not on an empty form.
    if (result.event) throw redirect(`/admin/events/${result.event.id}/edit?${ADDED_PARAM}=1`);
  }
  return data(result, { status });
}

/** After a delete the event is gone: its loader would answer 404 where the page says it was removed. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult?.ok && actionResult.intent === "delete") return false;
  return defaultShouldRevalidate;
}

export default function EventEditor({ loaderData, actionData }: Route.ComponentProps) {
  const [isDeleted, setDeleted] = useState(false);
  const event = actionData?.ok && actionData.event ? actionData.event : loaderData.event;
  const deleted = isDeleted || (actionData?.ok && actionData.intent === "delete");
  // Without JavaScript the page itself was posted: it says what happened, as the toasts do with it.
  const [params] = useSearchParams();
  const saved = (actionData?.ok && actionData.intent === "save") || params.get(ADDED_PARAM) === "1";
  return (
    <UploadLimitContext.Provider value={loaderData.uploadLimit}>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <AdminBackLinks />
          {loaderData.event && (
            <div className="flex flex-wrap gap-4 text-sm font-medium">
              <Link
                to={`/admin/events/${loaderData.event.id}/vardar`}
                className="text-brand-700 hover:underline dark:text-brand-300"
              >
                Quizvärdar
              </Link>
              <Link
                to={`/admin/events/${loaderData.event.id}/historik`}
                className="text-brand-700 hover:underline dark:text-brand-300"
              >
                Ändringshistorik
              </Link>
            </div>
          )}
        </div>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            {event ? "Redigera Quiz" : "Lägg till Quiz Manuellt"}
          </h1>
          {!event && <p className="mt-1 text-stone-600 dark:text-stone-400">{QUIZ_NIGHT_HINT}</p>}
        </div>
        {saved ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            {loaderData.event && !params.has(ADDED_PARAM) ? "Quiz har uppdaterats" : "Quiz har lagts till"}
          </p>
        ) : null}
        {actionData?.ok && actionData.notice ? (
          <p
            role="status"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {actionData.notice}
          </p>
        ) : null}
        {deleted ? (
          <p role="status">Quiz har tagits bort framgångsrikt</p>
        ) : (
          <EventForm
            key={event?.id ?? "new"}
            event={event ?? undefined}
            prefill={loaderData.prefill ?? undefined}
            action={loaderData.formAction}
            result={actionData}
            today={loaderData.today}
            onDeleted={() => setDeleted(true)}
          />
        )}
      </div>
    </UploadLimitContext.Provider>
  );
}
