import { adminMethodNotAllowed, requireAdmin } from "~/features/auth/guard.server";
import { saveParsedEvent } from "~/features/event-editor/event-actions.server";
import { parseEventRequest } from "~/features/event-editor/event-request.server";
import { withFollowerAlerts } from "~/features/follows/public.server";
import { appErrorJson } from "~/lib/app-error";
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
  const saved = await saveParsedEvent(getDb(), parsed, null, {
    now: requestNow(request),
    createdBy: viewer.user?.id ?? null,
    actor: { userId: viewer.user?.id ?? null, role: "admin" },
    aroundChange: withFollowerAlerts,
  });
  return saved.ok
    ? Response.json({ event: saved.event, notice: saved.notice }, { status: 201 })
    : appErrorJson(saved.error);
}

export const loader = adminMethodNotAllowed;
