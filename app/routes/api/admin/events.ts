import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { createEventFromForm } from "~/features/events/admin/event-mutations.server";
import { parseEventRequest } from "~/features/events/admin/event-request.server";
import { toView } from "~/features/events/events.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods } from "~/lib/http.server";
import type { Route } from "./+types/events";

/** POST /api/admin/events (multipart): creates an event from the admin form. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST");
  if (refused) return refused;
  const parsed = await parseEventRequest(request);
  if (!parsed.ok) return parsed.response;
  const db = getDb();
  try {
    const row = await createEventFromForm(db, parsed.input, {
      imageUrl: parsed.imageUrl,
      createdBy: viewer.user?.id ?? null,
    });
    return Response.json({ event: await toView(db, row, requestNow(request)) }, { status: 201 });
  } catch (error) {
    await parsed.discardImage();
    throw error;
  }
}

export const loader = adminMethodNotAllowed;
