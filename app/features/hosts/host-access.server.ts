import { redirect } from "react-router";
import { getViewer, requireSameOrigin, type Viewer } from "~/features/auth/public.server";
import { appErrorPage } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { isStateChanging } from "~/lib/origin";
import { hostsAnyEvent, isHostOfEvent } from "./hosts.server";

/**
 * The guard of every host page and action about one event: signed out, to the host area's sign-in;
 * signed in as neither an admin nor a host of this event, a 403 the page renders as 'Åtkomst nekad'.
 * State-changing requests must come from this site. Returns the viewer and whether they act as admin.
 */
export async function requireHostOfEvent(
  request: Request,
  eventId: string | null,
): Promise<{ viewer: Viewer & { user: NonNullable<Viewer["user"]> }; role: "admin" | "host" }> {
  if (isStateChanging(request.method)) requireSameOrigin(request);
  const viewer = await getViewer(request);
  if (!viewer.user) throw redirect("/quizvard");
  const signedIn = { ...viewer, user: viewer.user };
  if (viewer.isAdmin) return { viewer: signedIn, role: "admin" };
  if (eventId && (await isHostOfEvent(getDb(), viewer.user.id, eventId)))
    return { viewer: signedIn, role: "host" };
  throw appErrorPage("forbidden");
}

/** The guard of a page for every host: signed out, to the host sign-in; neither an admin nor a host, a 403. */
export async function requireAnyHost(request: Request): Promise<void> {
  const viewer = await getViewer(request);
  if (!viewer.user) throw redirect("/quizvard");
  if (viewer.isAdmin || (await hostsAnyEvent(getDb(), viewer.user.id))) return;
  throw appErrorPage("forbidden");
}
