import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, hostClaims, user } from "~/db/schema";
import { getViewer } from "~/features/auth/guard.server";
import { createSignInLink } from "~/features/auth/public.server";
import { grantAdmin } from "~/features/auth/roles.server";
import { CLAIM_APPROVED_MESSAGE, CLAIM_RECEIVED_MESSAGE } from "~/features/hosts/claim-rules";
import { requestHostSignIn } from "~/features/hosts/host-sign-in.server";
import { isHostOfEvent } from "~/features/hosts/public.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as claimAction } from "~/routes/hosts/claim";
import { action as hostEventAction } from "~/routes/hosts/host-event";
import { authRequest, signedInCookie } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";
import { mailsTo } from "../support/delivered-mail";
import { insertEvent } from "../support/factories";
import { openSignInLink, signInLinkIn } from "../support/sign-in-links";

/**
 * A mailed host link can never take an account: tried step by step as an attacker would, with the admin's
 * own address as the listing's, a host rewriting the listing's address, and a link opened for an account
 * that has a password.
 */
const origin = () => getEnv().publicUrl;
let ipCounter = 0;

function claim(eventId: string, email: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ name: "Främling", email, venueRole: "Gäst", message: "" }))
    body.append(k, v);
  const request = new Request(`${origin()}/quizvard/ansok/${eventId}`, {
    method: "POST",
    body,
    headers: { origin: origin(), "x-quizkvall-client-ip": `192.0.2.${++ipCounter}` },
  });
  return callRoute<{ data?: { message?: string }; message?: string }>(claimAction, request, { eventId });
}

const messageOf = (answer: { data?: { message?: string }; message?: string }) =>
  answer.message ?? answer.data?.message;

const ADMIN = { email: "chefen@example.se", password: "chefens-hemliga" };

async function signInWithPassword(email: string, password: string) {
  return authRequest("/sign-in/email", { email, password }, { ip: `203.0.113.${++ipCounter}` });
}

let adminCookie: string;
beforeAll(async () => {
  adminCookie = await signedInCookie(ADMIN.email, ADMIN.password, "admin");
});

describe("a host link never takes an account", () => {
  it("a claim with the admin's own address makes the admin a host with no link, and the password still works", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Chefens quiz", email: ADMIN.email });
    expect(messageOf(await claim(event.id, ADMIN.email))).toBe(CLAIM_APPROVED_MESSAGE);

    const [admin] = await db.select().from(user).where(eq(user.email, ADMIN.email));
    expect(await isHostOfEvent(db, admin!.id, event.id)).toBe(true);
    // Besides the welcome mail of the admin's own sign-up.
    const mails = (await mailsTo(ADMIN.email)).filter((mail) => mail.text.includes("quizvärd"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Du är quizvärd för Chefens quiz");
    expect(mails[0]!.text).toContain("Logga in som vanligt med ditt lösenord");
    expect(mails[0]!.text).not.toMatch(/token=/);

    // The admin's session and password are as they were, and host access works in that session.
    const viewer = await getViewer(new Request(`${origin()}/quizvard`, { headers: { cookie: adminCookie } }));
    expect(viewer).toMatchObject({ user: { email: ADMIN.email }, isAdmin: true });
    expect((await signInWithPassword(ADMIN.email, ADMIN.password)).status).toBe(200);

    // Asking for a host link with that address mails how to sign in, never a link.
    await requestHostSignIn(db, ADMIN.email, { now: new Date(), publicUrl: origin() });
    const latest = (await mailsTo(ADMIN.email)).at(-1)!;
    expect(latest.text).toContain("inloggningslänk för quizvärdar");
    expect(latest.text).not.toMatch(/token=/);
  });

  it("a link opened for an account with a password or an admin role signs nobody in and revokes nothing", async () => {
    const db = getDb();
    // A link made for the address before it had a password (or directly): opening it must still be harmless.
    for (const [email, password, role] of [
      ["vanlig-med-losen@example.se", "vanligt-losen", "user"],
      ["annan-chef@example.se", "annan-chefs-losen", "admin"],
    ] as const) {
      const cookie = await signedInCookie(email, password, role);
      const opened = await openSignInLink(await createSignInLink(email, origin()));
      expect(opened).toMatchObject({ status: 400, cookie: "" });
      expect(opened.problem).toContain("Logga in som vanligt med ditt lösenord");
      expect((await signInWithPassword(email, password)).status).toBe(200);
      const viewer = await getViewer(new Request(`${origin()}/`, { headers: { cookie } }));
      expect(viewer.user?.email).toBe(email);
    }
    void db;
  });

  it("a link's session never acts as an admin, even for an account made one after signing in", async () => {
    const db = getDb();
    const event = await insertEvent(db, { email: "blir-chef@example.se" });
    await claim(event.id, "blir-chef@example.se");
    const opened = await openSignInLink(signInLinkIn((await mailsTo("blir-chef@example.se"))[0]!.text));
    expect(opened.location).toBe("/quizvard");
    await grantAdmin(db, "blir-chef@example.se");
    const viewer = await getViewer(new Request(`${origin()}/admin`, { headers: { cookie: opened.cookie } }));
    expect(viewer).toMatchObject({ user: { email: "blir-chef@example.se" }, isAdmin: false });
  });

  it("a listing address a host has set approves no claim: an admin decides", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Värdens quiz", email: "vard-satt@example.se" });
    await claim(event.id, "vard-satt@example.se");
    const host = await openSignInLink(signInLinkIn((await mailsTo("vard-satt@example.se"))[0]!.text));
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save",
      title: "Värdens quiz",
      city: "Stockholm",
      location: "Baren",
      scheduleWeekday: "Tisdag",
      scheduleTime: "19:00",
      quizType: "Quiz",
      recurrence: "weekly",
      email: ADMIN.email,
    }))
      form.append(k, v);
    const saved = await callRoute<{ init: { status: number } | null }>(
      hostEventAction,
      new Request(`${origin()}/quizvard/${event.id}`, {
        method: "POST",
        body: form,
        headers: { cookie: host.cookie, origin: origin() },
      }),
      { eventId: event.id },
    );
    expect(saved.init?.status ?? 200).toBe(200);
    const [row] = await db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ email: ADMIN.email, emailSetByHost: true });

    const before = (await mailsTo(ADMIN.email)).length;
    expect(messageOf(await claim(event.id, ADMIN.email))).toBe(CLAIM_RECEIVED_MESSAGE);
    expect(await mailsTo(ADMIN.email)).toHaveLength(before);
    const [pending] = await db
      .select({ status: hostClaims.status })
      .from(hostClaims)
      .where(eq(hostClaims.email, ADMIN.email));
    expect(pending).toBeDefined();
    const stored = await db
      .select({ status: hostClaims.status })
      .from(hostClaims)
      .where(eq(hostClaims.eventId, event.id));
    expect(stored.map((c) => c.status).sort()).toEqual(["approved", "pending"]);
    expect((await signInWithPassword(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});

describe("one budget of unsolicited mail per person", () => {
  it("eleven claims from eleven addresses mail the listing's address once, and a second claim by a host sends nothing", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Populära quizet", email: "populart@example.se" });
    for (let i = 0; i < 11; i++) await claim(event.id, "populart@example.se");
    const mails = await mailsTo("populart@example.se");
    expect(mails).toHaveLength(1);
    const claims = await db.select().from(hostClaims).where(eq(hostClaims.eventId, event.id));
    expect(claims).toHaveLength(1);
  });

  it("host, account and confirmation mails to one address share 3 an hour, whatever their kind", async () => {
    const db = getDb();
    const address = "mycket-post@example.se";
    for (let i = 0; i < 3; i++) {
      const event = await insertEvent(db, { email: address });
      await claim(event.id, address);
    }
    await requestHostSignIn(db, address, { now: new Date(), publicUrl: origin() });
    await authRequest("/request-password-reset", { email: address, redirectTo: "/admin" });
    const follow = await fetchFollow(address);
    expect(follow).toBe(202);
    expect(await mailsTo(address)).toHaveLength(3);
  });
});

async function fetchFollow(email: string): Promise<number> {
  const { action } = await import("~/routes/api/follows");
  const event = await insertEvent(getDb());
  const response = await callRoute<Response>(
    action,
    new Request(`${origin()}/api/follows`, {
      method: "POST",
      body: JSON.stringify({ eventId: event.id, email }),
      headers: {
        "content-type": "application/json",
        origin: origin(),
        "x-quizkvall-client-ip": "192.0.2.250",
      },
    }),
  );
  return response.status;
}
