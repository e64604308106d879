import path from "node:path";
import { index, route } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventHosts, user } from "~/db/schema";
import { ensureFirstAdmin } from "~/features/auth/first-admin.server";
import { requireAdmin } from "~/features/auth/guard.server";
import { accountForEmail, createSignInLink } from "~/features/auth/public.server";
import { grantAdmin } from "~/features/auth/roles.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import routes from "~/routes";
import { type AdminHandler, fillPath, listAdminHandlers, probe, type Verdict } from "../support/admin-routes";
import { authRequest, cookieHeader, signedInCookie } from "../support/auth-sessions";
import { insertEvent, insertQuiz } from "../support/factories";
import { openSignInLink } from "../support/sign-in-links";

const APP_DIR = path.resolve("app");
const FIXTURE_DIR = path.resolve("tests/integration");

/**
 * "firstAdmin": the first start's admin, signed in with its printed one-time password, not yet replaced.
 * "host": a quiz host of the sample event, an ordinary user as far as /admin is concerned.
 * "linkHost": a host signed in by a mailed link whose account was made an admin afterwards: a link's
 * session never acts as an admin.
 */
type Actor = "anonymous" | "user" | "host" | "linkHost" | "firstAdmin" | "admin";
const ACTORS: Actor[] = ["anonymous", "user", "host", "linkHost", "firstAdmin", "admin"];
const EXPECTED: Record<Actor, Verdict> = {
  anonymous: "refused",
  user: "refused",
  host: "refused",
  linkHost: "refused",
  firstAdmin: "refused",
  admin: "allowed",
};

let cookies: Record<Actor, string | null>;
let samples: { quiz: string; event: string };

beforeAll(async () => {
  const printed = await ensureFirstAdmin(getDb());
  if (!printed) throw new Error("the test database already had an admin");
  const firstSignIn = await authRequest("/sign-in/email", printed);
  cookies = {
    anonymous: null,
    firstAdmin: cookieHeader(firstSignIn),
    user: await signedInCookie("vanlig@example.se", "vanligt-losen", "user"),
    host: await signedInCookie("vard@example.se", "vardens-losen", "user"),
    admin: await signedInCookie("chef@example.se", "chefens-losen", "admin"),
    linkHost: null,
  };
  const db = getDb();
  samples = { quiz: (await insertQuiz(db)).id, event: (await insertEvent(db)).id };
  const [host] = await db.select({ id: user.id }).from(user).where(eq(user.email, "vard@example.se"));
  await db.insert(eventHosts).values({ eventId: samples.event, userId: host!.id });
  const linkHost = await accountForEmail("lankvard@example.se", "Länkvärd");
  await db.insert(eventHosts).values({ eventId: samples.event, userId: linkHost.id });
  cookies.linkHost = (
    await openSignInLink(await createSignInLink("lankvard@example.se", getEnv().publicUrl))
  ).cookie;
  await grantAdmin(db, "lankvard@example.se");
});

/** Routes about events get an event id, everything else a quiz id; unknown ids are fine (404 ≠ refusal). */
function sampleParams(pattern: string): Record<string, string> {
  const id = /event|beer|report/.test(pattern) ? samples.event : samples.quiz;
  return { id, quizId: samples.quiz, eventId: samples.event };
}

function requestFor(handler: AdminHandler, actor: Actor) {
  const { url, params } = fillPath(handler.path, sampleParams(handler.path));
  const origin = getEnv().publicUrl;
  const headers: Record<string, string> = { "x-quizkvall-client-ip": "198.51.100.4" };
  const cookie = cookies[actor];
  if (cookie) headers.cookie = cookie;
  const init: RequestInit =
    handler.kind === "loader"
      ? { method: "GET", headers }
      : {
          method: "POST",
          headers: { ...headers, origin, "content-type": "application/x-www-form-urlencoded" },
          body: "",
        };
  return { request: new Request(`${origin}${url}`, init), params };
}

async function walk(handlers: AdminHandler[], appDir: string) {
  const failures: string[] = [];
  for (const handler of handlers) {
    for (const actor of ACTORS) {
      const { request, params } = requestFor(handler, actor);
      const { verdict, detail } = await probe(handler, appDir, request, params);
      if (verdict !== EXPECTED[actor]) {
        failures.push(
          `${handler.kind} /${handler.path} as ${actor}: ${verdict} (${detail}), expected ${EXPECTED[actor]}`,
        );
      }
    }
  }
  return failures;
}

describe("admin access", () => {
  it("refuses anonymous visitors, ordinary users, hosts (also by a link session of an admin), a one-time password on every admin loader and action, and lets admins in", async () => {
    const handlers = await listAdminHandlers(routes, APP_DIR);
    // The public sign-in page is the one admin path left out on purpose.
    expect(handlers.some((h) => h.path === "admin")).toBe(false);
    // Action-only routes are walked too, e.g. the reports panel's resolve and delete.
    expect(handlers.filter((h) => h.path === "admin/reports/:id").map((h) => h.kind)).toEqual([
      "loader",
      "action",
    ]);
    expect(await walk(handlers, APP_DIR)).toEqual([]);
  });

  it("catches an admin route added without the guard", async () => {
    const config = [
      index("fixtures/guarded-admin-route.ts"),
      route("admin/guarded/:id", "fixtures/guarded-admin-route.ts"),
      route("admin/quizzes/:id/results", "fixtures/redirecting-admin-route.ts"),
      route("api/admin/forgotten", "fixtures/unguarded-admin-route.ts"),
      route("api/admin/role-only", "fixtures/role-only-admin-route.ts"),
    ];
    const handlers = await listAdminHandlers(config, FIXTURE_DIR);
    expect(handlers.map((h) => `${h.kind} ${h.path}`)).toEqual([
      "loader admin/guarded/:id",
      "action admin/guarded/:id",
      "loader admin/quizzes/:id/results",
      "loader api/admin/forgotten",
      "action api/admin/forgotten",
      "loader api/admin/role-only",
      "action api/admin/role-only",
    ]);
    expect(await walk(handlers, FIXTURE_DIR)).toEqual([
      "loader /api/admin/forgotten as anonymous: allowed (plain value), expected refused",
      "loader /api/admin/forgotten as user: allowed (plain value), expected refused",
      "loader /api/admin/forgotten as host: allowed (plain value), expected refused",
      "loader /api/admin/forgotten as linkHost: allowed (plain value), expected refused",
      "loader /api/admin/forgotten as firstAdmin: allowed (plain value), expected refused",
      "action /api/admin/forgotten as anonymous: allowed (plain value), expected refused",
      "action /api/admin/forgotten as user: allowed (plain value), expected refused",
      "action /api/admin/forgotten as host: allowed (plain value), expected refused",
      "action /api/admin/forgotten as linkHost: allowed (plain value), expected refused",
      "action /api/admin/forgotten as firstAdmin: allowed (plain value), expected refused",
      "loader /api/admin/role-only as linkHost: allowed (plain value), expected refused",
      "loader /api/admin/role-only as firstAdmin: allowed (plain value), expected refused",
      "action /api/admin/role-only as linkHost: allowed (plain value), expected refused",
      "action /api/admin/role-only as firstAdmin: allowed (plain value), expected refused",
    ]);
  });

  it("answers each denial with the sign-in, the access-denied view or a JSON refusal", async () => {
    const origin = getEnv().publicUrl;
    const asUser = new Request(`${origin}/admin/x`, { headers: { cookie: cookies.user! } });
    const anonymous = new Request(`${origin}/admin/x`);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (thrown: unknown) => thrown,
      );

    const toAdmin = (await refusal(requireAdmin(asUser, "redirect-admin"))) as Response;
    expect([toAdmin.status, toAdmin.headers.get("location")]).toEqual([302, "/admin"]);
    const toDenied = (await refusal(requireAdmin(asUser, "redirect-access-denied"))) as Response;
    expect(toDenied.headers.get("location")).toBe("/admin?error=access_denied");
    const page = (await refusal(requireAdmin(asUser, "forbidden-page"))) as { init: { status: number } };
    expect(page.init.status).toBe(403);
    const json401 = (await refusal(requireAdmin(anonymous, "json"))) as Response;
    expect([json401.status, await json401.json()]).toEqual([401, { error: "Inloggning krävs" }]);
    const json403 = (await refusal(requireAdmin(asUser, "json"))) as Response;
    expect([json403.status, await json403.json()]).toEqual([403, { error: "Åtkomst nekad" }]);

    const asAdmin = new Request(`${origin}/admin/x`, { headers: { cookie: cookies.admin! } });
    expect((await requireAdmin(asAdmin, "forbidden-page")).isAdmin).toBe(true);
  });

  it("refuses an admin's state-changing request from another origin", async () => {
    const origin = getEnv().publicUrl;
    const post = (headers: Record<string, string>) =>
      new Request(`${origin}/api/admin/x`, {
        method: "POST",
        headers: { cookie: cookies.admin!, ...headers },
      });
    const refusal = (request: Request) =>
      requireAdmin(request, "json").then(
        () => null,
        (thrown: Response) => thrown.status,
      );
    expect(await refusal(post({ origin: "https://elak.example" }))).toBe(403);
    expect(await refusal(post({ "sec-fetch-site": "cross-site" }))).toBe(403);
    expect(await refusal(post({ origin }))).toBeNull();
    // Not from a browser at all (no Origin, no Sec-Fetch-Site): no cross-site forgery possible.
    expect(await refusal(post({}))).toBeNull();
  });
});
