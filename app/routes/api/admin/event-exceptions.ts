import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { exceptionSchema, removeExceptionSchema } from "~/features/event-nights/event-exception-rules";
import { changeNight, type NightChange } from "~/features/event-nights/night-changes.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { appErrorJson, jsonError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { allowMethods, readJsonBody, uuidParam } from "~/lib/http.server";
import type { Route } from "./+types/event-exceptions";

/**
 * POST /api/admin/events/:id/exceptions {kind, date, time?, note?} cancels a night ('Inställt') or adds a
 * one-off one; DELETE {kind, date} undoes it. Both answer the event as the pages show it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, "json");
  const refused = allowMethods(request, "POST", "DELETE");
  if (refused) return refused;
  const eventId = uuidParam(params.id);
  if (!eventId) return jsonError(404, "Eventet finns inte");
  let change: NightChange;
  if (request.method === "POST") {
    const body = await readJsonBody(request, exceptionSchema);
    if ("response" in body) return body.response;
    change = { save: body.data };
  } else {
    const body = await readJsonBody(request, removeExceptionSchema);
    if ("response" in body) return body.response;
    change = { remove: body.data };
  }
  const changed = await changeNight(getDb(), eventId, change, {
    now: requestNow(request),
    actor: { userId: viewer.user?.id ?? null, role: "admin" },
    aroundChange: withFollowerAlerts,
  });
  return changed.ok ? Response.json({ event: changed.event }) : appErrorJson(changed.error);
}

export const loader = adminMethodNotAllowed;
