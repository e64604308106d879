import path from "node:path";
import { index, route } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventHosts, user } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import routes from "~/routes";
import {
  type AdminHandler,
  fillPath,
  listHostEventHandlers,
  probe,
  type Verdict,
} from "../support/admin-routes";
import { signedInCookie } from "../support/auth-sessions";
import { insertEvent } from "../support/factories";

/**
 * Every host route about one event (/quizvard/:eventId…) lets in that event's hosts and the admins, and
 * nobody else: not a visitor, not an ordinary user, not the host of another event. Walks app/routes.ts, so
 * a host route added later is covered without editing this test.
 */
const APP_DIR = path.resolve("app");
const FIXTURE_DIR = path.resolve("tests/integration");

type Actor = "anonymous" | "user" | "otherHost" | "host" | "admin";
const ACTORS: Actor[] = ["anonymous", "user", "otherHost", "host", "admin"];
const EXPECTED: Record<Actor, Verdict> = {
  anonymous: "refused",
  user: "refused",
  otherHost: "refused",
  host: "allowed",
  admin: "allowed",
};

let cookies: Record<Actor, string | null>;
let eventId: string;

async function hostOf(email: string, id: string) {
  const cookie = await signedInCookie(email, "vardens-losen", "user");
  const db = getDb();
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await db.insert(eventHosts).values({ eventId: id, userId: row!.id });
  return cookie;
}

beforeAll(async () => {
  const db = getDb();
  eventId = (await insertEvent(db)).id;
  const other = (await insertEvent(db)).id;
  cookies = {
    anonymous: null,
    user: await signedInCookie("besokare@example.se", "vanligt-losen", "user"),
    otherHost: await hostOf("granne@example.se", other),
    host: await hostOf("vard@example.se", eventId),
    admin: await signedInCookie("chef@example.se", "chefens-losen", "admin"),
  };
});

function requestFor(handler: AdminHandler, actor: Actor) {
  const { url, params } = fillPath(handler.path, { eventId });
  const origin = getEnv().publicUrl;
  const headers: Record<string, string> = { "x-quizkvall-client-ip": "198.51.100.5" };
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

describe("host access", () => {
  it("lets only the event's hosts and admins through every /quizvard/:eventId loader and action", async () => {
    const handlers = await listHostEventHandlers(routes, APP_DIR);
    expect(handlers.map((h) => `${h.kind} ${h.path}`)).toEqual([
      "loader quizvard/:eventId",
      "action quizvard/:eventId",
    ]);
    expect(await walk(handlers, APP_DIR)).toEqual([]);
  });

  it("catches a host route that checks the sign-in but not the host", async () => {
    const config = [
      index("fixtures/guarded-host-route.ts"),
      route("quizvard/:eventId", "fixtures/guarded-host-route.ts"),
      route("quizvard/:eventId/glomd", "fixtures/unchecked-host-route.ts"),
      route("quizvard/ansok/:eventId", "fixtures/unchecked-host-route.ts"),
    ];
    const handlers = await listHostEventHandlers(config, FIXTURE_DIR);
    expect(await walk(handlers, FIXTURE_DIR)).toEqual([
      "loader /quizvard/:eventId/glomd as user: allowed (plain value), expected refused",
      "loader /quizvard/:eventId/glomd as otherHost: allowed (plain value), expected refused",
      "action /quizvard/:eventId/glomd as user: allowed (plain value), expected refused",
      "action /quizvard/:eventId/glomd as otherHost: allowed (plain value), expected refused",
    ]);
  });
});
