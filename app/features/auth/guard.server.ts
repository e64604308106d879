import { redirect } from "react-router";
import { AppError, appErrorJson, appErrorPage } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { methodNotAllowed } from "~/lib/http.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest, isStateChanging } from "~/lib/origin";
import { getAuth } from "./auth.server";
import { hasOneTimePassword } from "./one-time-password.server";
import { isAdmin } from "./roles.server";

export type Viewer = {
  user: { id: string; email: string; name: string } | null;
  /** An admin who may act as one now (not while the account still has its one-time password). */
  isAdmin: boolean;
  /** Signed in with a password the account was given: it must choose its own before anything else. */
  mustChangePassword: boolean;
};

/** Who is asking: the signed-in user (if any) and whether they are an admin, decided on the server. */
export async function getViewer(request: Request): Promise<Viewer> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return { user: null, isAdmin: false, mustChangePassword: false };
  const { id, email, name } = session.user;
  // A mailed link's session is a host's: it never acts as an admin, even for an account made one since.
  if (session.session.viaLink)
    return { user: { id, email, name }, isAdmin: false, mustChangePassword: false };
  const db = getDb();
  const [admin, oneTime] = await Promise.all([isAdmin(db, id), hasOneTimePassword(db, id)]);
  return { user: { id, email, name }, isAdmin: admin && !oneTime, mustChangePassword: oneTime };
}

/** The refusal of an endpoint to an account that has not replaced its one-time password yet. */
const CHOOSE_PASSWORD_FIRST = "Välj ett eget lösenord innan du fortsätter.";

/**
 * How a refused request is answered: a page shows the sign-in or the access-denied view; an endpoint
 * answers JSON.
 * - "redirect-admin": redirect to /admin (beer activity)
 * - "redirect-access-denied": redirect to /admin?error=access_denied (quiz results)
 * - "forbidden-page": a 403 the route's error boundary renders as 'Åtkomst nekad' (quiz management)
 * - "json": a 401/403 JSON error (API endpoints and actions)
 */
export type Denial = "redirect-admin" | "redirect-access-denied" | "forbidden-page" | "json";

/** The one guard every admin loader, action and endpoint calls. Returns the admin's viewer or throws. */
export async function requireAdmin(request: Request, denial: Denial = "json"): Promise<Viewer> {
  // Every admin action passes here, so the cross-site check lives here too: a session cookie sent by a
  // form on another site must not change anything.
  if (isStateChanging(request.method)) requireSameOrigin(request);
  const viewer = await getViewer(request);
  if (viewer.isAdmin) return viewer;
  // The admin page asks for a password of one's own; endpoints say what to do first.
  if (viewer.mustChangePassword) {
    if (denial === "json") throw appErrorJson(new AppError("forbidden", { message: CHOOSE_PASSWORD_FIRST }));
    throw redirect("/admin");
  }
  switch (denial) {
    case "redirect-admin":
      throw redirect("/admin");
    case "redirect-access-denied":
      throw redirect("/admin?error=access_denied");
    case "forbidden-page":
      throw appErrorPage("forbidden");
    default:
      throw appErrorJson(viewer.user ? "forbidden" : "unauthorized");
  }
}

/** Refuses a state-changing request from another origin with a 403 JSON error. */
export function requireSameOrigin(request: Request): void {
  if (isSameOriginRequest(request, getEnv())) return;
  throw appErrorJson(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }));
}

/**
 * The 405 of an admin route for a method it does not take, given only after the role check: an admin
 * route answers nobody but an admin, whatever the method.
 */
export async function adminMethodNotAllowed({ request }: { request: Request }): Promise<Response> {
  await requireAdmin(request, "json");
  return methodNotAllowed();
}
