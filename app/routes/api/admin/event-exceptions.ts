import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { exceptionSchema, removeExceptionSchema } from "~/features/events/admin/event-exception-rules";
import { removeException, saveException } from "~/features/events/admin/event-exceptions.server";
import { findEventViewById } from "~/features/events/events.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, jsonError, readJsonBody, uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/event-exceptions";

/**
 * POST /api/admin/events/:id/exceptions {kind, date, time?, note?} cancels a night ('Inställt') or adds a
 * one-off one; DELETE {kind, date} undoes it. Both answer the event as the pages show it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST", "DELETE");
  if (refused) return refused;
  const eventId = uuidParam(params.id);
  if (!eventId) return jsonError(404, "Eventet finns inte");
  const db = getDb();
  const now = requestNow(request);
  if (request.method === "POST") {
    const body = await readJsonBody(request, exceptionSchema);
    if ("response" in body) return body.response;
    const saved = await withFollowerAlerts(db, eventId, now, (tx) =>
      saveException(tx, eventId, body.data, now),
    );
    if (!saved.ok) return jsonError(saved.status, saved.error);
  } else {
    const body = await readJsonBody(request, removeExceptionSchema);
    if ("response" in body) return body.response;
    const { date, kind } = body.data;
    if (!(await withFollowerAlerts(db, eventId, now, (tx) => removeException(tx, eventId, date, kind))))
      return jsonError(404, "Datumet finns inte");
  }
  const event = await findEventViewById(db, eventId, now);
  return event ? Response.json({ event }) : jsonError(404, "Eventet finns inte");
}

export const loader = adminMethodNotAllowed;
