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
  /** False while the account still has its one-time password. */
  isAdmin: boolean;
  mustChangePassword: boolean;
};

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

const CHOOSE_PASSWORD_FIRST = "Välj ett eget lösenord innan du fortsätter.";

export type Denial = "redirect-admin" | "redirect-access-denied" | "forbidden-page" | "json";

/** The one guard every admin loader, action and endpoint calls. */
export async function requireAdmin(request: Request, denial: Denial = "json"): Promise<Viewer> {
  // Every admin action passes here, so a session cookie sent by another site's form is refused here too.
  if (isStateChanging(request.method)) requireSameOrigin(request);
  const viewer = await getViewer(request);
  if (viewer.isAdmin) return viewer;
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

export function requireSameOrigin(request: Request): void {
  if (isSameOriginRequest(request, getEnv())) return;
  throw appErrorJson(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }));
}

/** The 405 only after the role check: an admin route answers nobody but an admin, whatever the method. */
export async function adminMethodNotAllowed({ request }: { request: Request }): Promise<Response> {
  await requireAdmin(request, "json");
  return methodNotAllowed();
}
