import { requireAdmin } from "~/features/auth/guard.server";
import {
  deleteEvent,
  eventViewOf,
  updateEventFromForm,
} from "~/features/events/admin/event-mutations.server";
import { jsonError, parseEventRequest } from "~/features/events/admin/event-request.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/event";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => jsonError(404, "Eventet finns inte").response;

/** PATCH /api/admin/events/:id (multipart) updates an event; DELETE removes it. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, "json");
  if (!UUID.test(params.id)) return notFound();
  const db = getDb();
  if (request.method === "DELETE") {
    return (await deleteEvent(db, params.id)) ? Response.json({ id: params.id }) : notFound();
  }
  if (request.method !== "PATCH") return jsonError(405, "Metoden stöds inte").response;
  const parsed = await parseEventRequest(request);
  if (!parsed.ok) return parsed.response;
  try {
    const row = await updateEventFromForm(db, params.id, parsed.input, { imageUrl: parsed.imageUrl });
    if (!row) {
      await parsed.discardImage();
      return notFound();
    }
    return Response.json({ event: await eventViewOf(db, row, requestNow(request)) });
  } catch (error) {
    await parsed.discardImage();
    throw error;
  }
}
