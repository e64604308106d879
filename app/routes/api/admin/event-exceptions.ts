import { requireAdmin } from "~/features/auth/guard.server";
import { exceptionSchema, removeExceptionSchema } from "~/features/events/admin/event-exception-rules";
import { removeException, saveException } from "~/features/events/admin/event-exceptions.server";
import { eventViewById } from "~/features/events/admin/event-mutations.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { jsonError, readJsonBody } from "~/lib/json-api.server";
import type { Route } from "./+types/event-exceptions";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/admin/events/:id/exceptions {kind, date, time?, note?} cancels a night ('Inställt') or adds a
 * one-off one; DELETE {kind, date} undoes it. Both answer the event as the pages show it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  if (!UUID.test(params.id)) return jsonError(404, "Eventet finns inte");
  const db = getDb();
  const now = requestNow(request);
  if (request.method === "POST") {
    const body = await readJsonBody(request, exceptionSchema);
    if ("response" in body) return body.response;
    const saved = await saveException(db, params.id, body.data, now);
    if (!saved.ok) return jsonError(saved.status, saved.error);
  } else if (request.method === "DELETE") {
    const body = await readJsonBody(request, removeExceptionSchema);
    if ("response" in body) return body.response;
    if (!(await removeException(db, params.id, body.data.date, body.data.kind)))
      return jsonError(404, "Datumet finns inte");
  } else {
    return jsonError(405, "Metoden stöds inte");
  }
  const event = await eventViewById(db, params.id, now);
  return event ? Response.json({ event }) : jsonError(404, "Eventet finns inte");
}
