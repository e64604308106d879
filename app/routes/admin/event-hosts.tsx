import { Form, Link, useNavigation } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { requireAdmin } from "~/features/auth/guard.server";
import { findEventViewById } from "~/features/events/events.server";
import { hostsOfEvent, removeHost } from "~/features/hosts/hosts.server";
import { AppError, appErrorPage, formFailureData } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { uuidParam } from "~/lib/http.server";
import { formatLongDate } from "~/lib/time";
import type { Route } from "./+types/event-hosts";

const eventMissing = () => appErrorPage(new AppError("not-found", { message: "Eventet finns inte" }));

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `Quizvärdar${loaderData ? ` – ${loaderData.event.title}` : ""} – Quizkväll` },
    { name: "robots", content: "noindex" },
  ];
}

/** An event's hosts (who, since when), each with "Ta bort som quizvärd". Admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "forbidden-page");
  const db = getDb();
  const id = uuidParam(params.id);
  const event = id ? await findEventViewById(db, id, requestNow(request)) : null;
  if (!event) throw eventMissing();
  const hosts = await hostsOfEvent(db, event.id);
  return {
    event: { id: event.id, title: event.title, path: `/quiz/${event.citySlug}/${event.slug}` },
    hosts: hosts.map((h) => ({
      userId: h.userId,
      name: h.name,
      email: h.email,
      since: h.since.toISOString(),
    })),
  };
}

/** "Ta bort som quizvärd": the host's access ends at once, and they are told by mail. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "forbidden-page");
  const eventId = uuidParam(params.id);
  if (!eventId) throw eventMissing();
  const form = await request.formData().catch(() => null);
  const userId = form?.get("userId")?.toString();
  if (!userId) return formFailureData(new AppError("bad-request", { message: "Ogiltig begäran." }));
  const removed = await removeHost(
    getDb(),
    { eventId, userId },
    { now: requestNow(request), publicUrl: getEnv().publicUrl },
  );
  if (!removed)
    return formFailureData(new AppError("conflict", { message: "Personen är inte quizvärd för quizet." }));
  return { ok: true as const, message: `${removed.name} är inte längre quizvärd och har fått ett mejl.` };
}

export default function EventHosts({ loaderData, actionData }: Route.ComponentProps) {
  const { event, hosts } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("userId") : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AdminBackLinks />
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Quizvärdar</h1>
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
        </p>
      </div>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"
          }
        >
          {actionData.ok ? actionData.message : actionData.formError}
        </p>
      ) : null}
      {hosts.length === 0 ? (
        <EmptyState padding="lg" tone="inherit">
          Quizet har ingen quizvärd.
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {hosts.map((host) => (
            <li
              key={host.userId}
              aria-label={host.name}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-800"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{host.name}</p>
                <p className="break-all text-stone-700 dark:text-stone-300">{host.email}</p>
                <p className="text-stone-600 dark:text-stone-400">
                  Quizvärd sedan {formatLongDate(host.since)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="userId" value={host.userId} />
                <Button type="submit" variant="secondary" disabled={busyId === host.userId}>
                  Ta bort som quizvärd
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
