import { requireAdmin } from "~/features/auth/guard.server";
import { saveParsedEvent } from "~/features/event-editor/event-actions.server";
import { deleteEvent } from "~/features/event-editor/event-mutations.server";
import { parseEventRequest } from "~/features/event-editor/event-request.server";
import { findEventViewById } from "~/features/events/events.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { appErrorJson, jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/event";

const notFound = () => jsonError(404, "Eventet finns inte");

/** GET /api/admin/events/:id: the event in full, for the edit form (home's cards carry only what they show). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "json");
  const id = uuidParam(params.id);
  const event = id ? await findEventViewById(getDb(), id, requestNow(request)) : null;
  if (!event) return notFound();
  return Response.json({ event }, { headers: { "Cache-Control": "no-store" } });
}

/** PATCH /api/admin/events/:id (multipart) updates an event; DELETE removes it. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, "json");
  const refused = allowMethods(request, "PATCH", "DELETE");
  if (refused) return refused;
  const id = uuidParam(params.id);
  if (!id) return notFound();
  const db = getDb();
  if (request.method === "DELETE") {
    return (await deleteEvent(db, id)) ? Response.json({ id }) : notFound();
  }
  const parsed = await parseEventRequest(request);
  if (!parsed.ok) return parsed.response;
  const saved = await saveParsedEvent(db, parsed, id, {
    now: requestNow(request),
    createdBy: null,
    actor: { userId: viewer.user?.id ?? null, role: "admin" },
    aroundChange: withFollowerAlerts,
  });
  return saved.ok ? Response.json({ event: saved.event, notice: saved.notice }) : appErrorJson(saved.error);
}
