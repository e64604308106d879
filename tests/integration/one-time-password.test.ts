import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/features/auth/auth.server";
import { ensureFirstAdmin } from "~/features/auth/first-admin.server";
import { getViewer } from "~/features/auth/guard.server";
import { hasOneTimePassword, markOneTimePassword } from "~/features/auth/one-time-password.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/admin";
import { loader as beerActivityLoader } from "~/routes/admin/beer-activity";
import { loader as quizzesLoader } from "~/routes/admin/quizzes";
import { loader as reportsLoader } from "~/routes/api/admin/reports";
import { authRequest, cookieHeader } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";

/**
 * The first start's admin signs in with the printed one-time password and must choose its own before any
 * admin page or endpoint answers; the admin page's action is the one thing it may do.
 */

type DataResult<T> = { data: T; init: { status?: number } | null };
type AdminData = { viewer: { email: string; isAdmin: boolean; mustChangePassword: boolean } | null };
type ActionData = { ok: boolean; problem: { title: string; description?: string } | null };

let printed: { email: string; password: string };

beforeAll(async () => {
  const created = await ensureFirstAdmin(getDb());
  if (!created) throw new Error("the test database already had an admin");
  printed = created;
});

async function signIn(email: string, password: string) {
  const response = await authRequest("/sign-in/email", { email, password });
  return { status: response.status, cookie: cookieHeader(response) };
}

function get(path: string, cookie: string) {
  return new Request(`${getEnv().publicUrl}${path}`, { headers: { cookie } });
}

function choose(cookie: string | null, fields: Record<string, string>, origin = getEnv().publicUrl) {
  return new Request(`${getEnv().publicUrl}/admin`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

async function chooseAnswer(request: Request) {
  const result = (await callRoute(adminAction, request)) as DataResult<ActionData> | Response;
  if (result instanceof Response) return { status: result.status, data: await result.json() };
  return { status: result.init?.status ?? 200, data: result.data };
}

async function viewerOn(cookie: string) {
  const result = (await callRoute(adminLoader, get("/admin", cookie))) as DataResult<AdminData>;
  return result.data.viewer;
}

describe("the first admin's one-time password", () => {
  it("signs in, but the dashboard's data is refused until a password of its own is chosen", async () => {
    const { status, cookie } = await signIn(printed.email, printed.password);
    expect(status).toBe(200);
    expect(await viewerOn(cookie)).toEqual({
      email: printed.email,
      isAdmin: false,
      mustChangePassword: true,
    });

    const reports = (await callRoute(reportsLoader, get("/api/admin/reports", cookie))) as Response;
    expect(reports.status).toBe(403);
    expect(await reports.json()).toEqual({ error: "Välj ett eget lösenord innan du fortsätter." });
    // Admin pages send the account to /admin, where it is asked for the new password.
    for (const [loader, path] of [
      [quizzesLoader, "/admin/quizzes"],
      [beerActivityLoader, "/admin/beer-activity"],
    ] as const) {
      const page = (await callRoute(loader, get(path, cookie))) as Response;
      expect([page.status, page.headers.get("location")]).toEqual([302, "/admin"]);
    }
  });

  it("keeps it on a mismatch or a short password, with the new-password messages", async () => {
    const { cookie } = await signIn(printed.email, printed.password);
    expect(await chooseAnswer(choose(cookie, { password: "hemligt-1", confirmation: "hemligt-2" }))).toEqual({
      status: 400,
      data: {
        ok: false,
        problem: {
          title: "Lösenorden matchar inte",
          description: "Kontrollera att båda lösenorden är identiska.",
        },
      },
    });
    expect(await chooseAnswer(choose(cookie, { password: "kort", confirmation: "kort" }))).toEqual({
      status: 400,
      data: {
        ok: false,
        problem: {
          title: "Lösenordet är för kort",
          description: "Lösenordet måste vara minst 6 tecken långt.",
        },
      },
    });
    expect((await viewerOn(cookie))?.mustChangePassword).toBe(true);
  });

  it("is replaced by the chosen one: the dashboard opens, the printed password and other sessions end", async () => {
    const other = await signIn(printed.email, printed.password);
    const { cookie } = await signIn(printed.email, printed.password);
    // Not from another site, and not without a session.
    const crossSite = await chooseAnswer(
      choose(cookie, { password: "mitt-eget", confirmation: "mitt-eget" }, "https://elak.example"),
    );
    expect(crossSite.status).toBe(403);
    expect(
      (await chooseAnswer(choose(null, { password: "mitt-eget", confirmation: "mitt-eget" }))).status,
    ).toBe(401);

    const chosen = await chooseAnswer(choose(cookie, { password: "mitt-eget", confirmation: "mitt-eget" }));
    expect(chosen).toEqual({ status: 200, data: { ok: true, problem: null } });
    expect(await viewerOn(cookie)).toEqual({
      email: printed.email,
      isAdmin: true,
      mustChangePassword: false,
    });
    expect(((await callRoute(reportsLoader, get("/api/admin/reports", cookie))) as Response).status).toBe(
      200,
    );

    // Whoever else signed in with the printed password is signed out, and it no longer signs in.
    expect(await viewerOn(other.cookie)).toBeNull();
    expect((await signIn(printed.email, printed.password)).status).toBe(401);
    expect((await signIn(printed.email, "mitt-eget")).status).toBe(200);
    // Done once: the action is not a way around the current password afterwards.
    const again = await chooseAnswer(choose(cookie, { password: "ett-annat", confirmation: "ett-annat" }));
    expect(again).toMatchObject({ status: 409, data: { ok: false } });
    expect((await signIn(printed.email, "mitt-eget")).status).toBe(200);
  });

  it("ends with any change of password, not only this one", async () => {
    const email = `given-${randomUUID().slice(0, 8)}@example.se`;
    const { user } = await getAuth().api.signUpEmail({ body: { email, password: "givet-losen", name: "G" } });
    await markOneTimePassword(getDb(), user.id);
    expect(await hasOneTimePassword(getDb(), user.id)).toBe(true);
    const { cookie } = await signIn(email, "givet-losen");
    expect((await getViewer(get("/", cookie))).mustChangePassword).toBe(true);
    await getAuth().api.changePassword({
      body: { currentPassword: "givet-losen", newPassword: "valt-losen" },
      headers: new Headers({ cookie }),
    });
    expect(await hasOneTimePassword(getDb(), user.id)).toBe(false);
  });
});
