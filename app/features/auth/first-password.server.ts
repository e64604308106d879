import { data } from "react-router";
import { getDb } from "~/lib/db.server";
import { getAuth } from "./auth.server";
import type { ToastText } from "./auth-messages";
import { requireSameOrigin } from "./guard.server";
import { hasOneTimePassword, replaceOneTimePassword } from "./one-time-password.server";
import { checkNewPassword, type NewPasswordResult } from "./password-rules";

const UPDATE_FAILED = "Fel vid lösenordsuppdatering";

function refuse(status: number, problem: ToastText) {
  return data<NewPasswordResult>({ ok: false, problem }, { status });
}

/** The admin page's action: a signed-in account whose password is still the one-time password it was given chooses its own, with the same rules (and messages) as every new password. */
export async function chooseOwnPassword(request: Request) {
  requireSameOrigin(request);
  const signedIn = await getAuth().api.getSession({ headers: request.headers });
  if (!signedIn) return refuse(401, { title: UPDATE_FAILED, description: "Logga in igen." });
  const db = getDb();
  if (!(await hasOneTimePassword(db, signedIn.user.id))) {
    return refuse(409, { title: UPDATE_FAILED, description: "Kontot har redan ett eget lösenord." });
  }
  const form = await request.formData().catch(() => new FormData());
  const password = String(form.get("password") ?? "");
  const invalid = checkNewPassword(password, String(form.get("confirmation") ?? ""));
  if (invalid) return refuse(400, invalid);
  const auth = await getAuth().$context;
  if (password.length > auth.password.config.maxPasswordLength) {
    return refuse(400, { title: UPDATE_FAILED, description: "Lösenordet är för långt." });
  }
  const replaced = await replaceOneTimePassword(db, {
    userId: signedIn.user.id,
    passwordHash: await auth.password.hash(password),
    keepSessionToken: signedIn.session.token,
  });
  if (!replaced) {
    return refuse(409, { title: UPDATE_FAILED, description: "Kontot har redan ett eget lösenord." });
  }
  return data<NewPasswordResult>({ ok: true, problem: null });
}
