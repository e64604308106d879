import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eventHosts, events, hostClaims, user } from "~/db/schema";
import { getAuth } from "~/features/auth/auth.server";
import { getViewer } from "~/features/auth/guard.server";
import { CLAIM_APPROVED_MESSAGE, CLAIM_RECEIVED_MESSAGE } from "~/features/hosts/claim-rules";
import { requestHostSignIn } from "~/features/hosts/host-sign-in.server";
import { isHostOfEvent } from "~/features/hosts/public.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as adminClaimsAction, loader as adminClaimsLoader } from "~/routes/admin/host-claims";
import { action as claimAction } from "~/routes/hosts/claim";
import { action as hostAreaAction } from "~/routes/hosts/host-area";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { mailsTo } from "../support/delivered-mail";
import { insertEvent } from "../support/factories";
import { openSignInLink, signInLinkIn } from "../support/sign-in-links";

type DataAnswer<T> = { data: T; init: { status: number } | null };
type ClaimAnswer = {
  ok: boolean;
  message?: string;
  formError?: string | null;
  fieldErrors?: Record<string, string>;
};

const origin = () => getEnv().publicUrl;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`${origin()}${path}`, {
    method: "POST",
    body,
    headers: { origin: origin(), "x-quizkvall-client-ip": freshIp(), ...headers },
  });
}

/** What a route's action answered, whether it returned a plain value or `data(…, { status })`. */
function answerOf<T>(value: unknown): { status: number; body: T } {
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const answer = value as DataAnswer<T>;
    return { status: answer.init?.status ?? 200, body: answer.data };
  }
  return { status: 200, body: value as T };
}

async function claim(eventId: string, fields: Partial<Record<string, string>> = {}, ip?: string) {
  const request = post(
    `/quizvard/ansok/${eventId}`,
    {
      name: "Kim Värd",
      email: "kim@example.se",
      venueRole: "Quizmaster",
      message: "Jag leder quizet varje vecka.",
      ...fields,
    } as Record<string, string>,
    ip ? { "x-quizkvall-client-ip": ip } : {},
  );
  return answerOf<ClaimAnswer>(await callRoute(claimAction, request, { eventId }));
}

const linkIn = signInLinkIn;
const openLink = (link: string) => openSignInLink(link);
const BROKEN = "Inloggningslänken fungerar inte";

let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
});

describe("claims", () => {
  it("approves a claim from the listing's own address at once: host row, account, and a mail whose link signs in once", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Kajens quiz", email: "Info@Kajen.se" });
    const answer = await claim(event.id, { email: "  INFO@kajen.SE ", name: "Kajen" });
    expect(answer).toEqual({ status: 200, body: { ok: true, message: CLAIM_APPROVED_MESSAGE } });

    const [account] = await db.select().from(user).where(eq(user.email, "info@kajen.se"));
    expect(account).toBeDefined();
    expect(await isHostOfEvent(db, account!.id, event.id)).toBe(true);
    const [stored] = await db.select().from(hostClaims).where(eq(hostClaims.eventId, event.id));
    expect(stored).toMatchObject({ status: "approved", decidedBy: null, email: "info@kajen.se" });

    const mails = await mailsTo("info@kajen.se");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Du är quizvärd för Kajens quiz");
    const link = linkIn(mails[0]!.text);

    const signedIn = await openLink(link);
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/quizvard");
    const viewer = await getViewer(
      new Request(`${origin()}/quizvard`, { headers: { cookie: signedIn.cookie } }),
    );
    expect(viewer).toMatchObject({ user: { email: "info@kajen.se" }, isAdmin: false });

    // Used once: the same link again gets the page that says it is broken.
    const reused = await openLink(link);
    expect(reused.status).toBe(400);
    expect(reused.problem).toContain(BROKEN);
  });

  it("answers a tampered, cut, expired or mangled link with the Swedish broken-link page, never a 500", async () => {
    const db = getDb();
    const event = await insertEvent(db, { email: "lina@example.se" });
    await claim(event.id, { email: "lina@example.se" });
    const link = linkIn((await mailsTo("lina@example.se"))[0]!.text);

    const tampered = link.replace(/token=([A-Za-z])/, (_, c: string) => `token=${c === "a" ? "b" : "a"}`);
    expect(await openLink(tampered)).toMatchObject({ status: 400, cookie: "" });
    expect((await openLink(tampered)).problem).toContain(BROKEN);
    // Cut short by a mail client, or with control characters: the page says so before any button.
    for (const broken of [
      link.slice(0, link.indexOf("token=") + 12),
      link.replace(/token=[^&]+/, "token=%00abc"),
    ]) {
      expect((await openLink(broken)).problem).toContain(BROKEN);
    }
    // better-auth's own endpoint, opened without a token, sends a person to the same page.
    const bare = await getAuth().handler(
      new Request(`${origin()}/api/auth/magic-link/verify?callbackURL=/quizvard`),
    );
    expect([bare.status, bare.headers.get("location")]).toEqual([
      302,
      "/quizvard/logga-in?error=INVALID_TOKEN",
    ]);
    // The real link still works after all that.
    expect((await openLink(link)).location).toBe("/quizvard");
    // A link past its hour: the same page.
    await requestHostSignIn(db, "lina@example.se", { now: new Date(), publicUrl: origin() });
    const expiring = linkIn((await mailsTo("lina@example.se")).at(-1)!.text);
    expect(expiring).not.toBe(link);
    vi.useFakeTimers({ now: Date.now() + 61 * 60_000, toFake: ["Date"] });
    try {
      expect((await openLink(expiring)).problem).toContain(BROKEN);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps other claims for an admin, who approves one (host row, mail) and declines another", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Bryggans quiz", email: "bar@bryggan.se" });
    expect(await claim(event.id, { email: "ola@example.se", name: "Ola" })).toEqual({
      status: 200,
      body: { ok: true, message: CLAIM_RECEIVED_MESSAGE },
    });
    expect(await claim(event.id, { email: "okand@example.se", name: "Okänd" })).toMatchObject({
      status: 200,
    });
    expect(await mailsTo("ola@example.se")).toHaveLength(0);

    const listed = await callRoute<{
      claims: { id: string; name: string; email: string; event: { id: string } }[];
    }>(adminClaimsLoader, new Request(`${origin()}/admin/quizvardar`, { headers: { cookie: adminCookie } }));
    const ola = listed.claims.find((c) => c.email === "ola@example.se");
    const unknown = listed.claims.find((c) => c.email === "okand@example.se");
    expect(ola).toMatchObject({ name: "Ola", venueRole: "Quizmaster", event: { id: event.id } });

    // An ordinary user may not decide.
    const asUser = await callRoute(
      adminClaimsAction,
      post(
        "/admin/quizvardar",
        { claimId: ola!.id, decision: "approve" },
        { cookie: await sessionCookie({ admin: false }) },
      ),
    );
    expect(answerOf(asUser).status).toBe(403);

    const approve = post(
      "/admin/quizvardar",
      { claimId: ola!.id, decision: "approve" },
      { cookie: adminCookie },
    );
    expect(answerOf<{ ok: boolean }>(await callRoute(adminClaimsAction, approve)).body.ok).toBe(true);
    const decline = post(
      "/admin/quizvardar",
      { claimId: unknown!.id, decision: "decline" },
      { cookie: adminCookie },
    );
    expect(answerOf<{ ok: boolean }>(await callRoute(adminClaimsAction, decline)).body.ok).toBe(true);
    // Deciding twice is refused.
    const again = post(
      "/admin/quizvardar",
      { claimId: ola!.id, decision: "decline" },
      { cookie: adminCookie },
    );
    expect(answerOf(await callRoute(adminClaimsAction, again)).status).toBe(409);

    const hosts = await db
      .select({ email: user.email })
      .from(eventHosts)
      .innerJoin(user, eq(user.id, eventHosts.userId))
      .where(eq(eventHosts.eventId, event.id));
    expect(hosts.map((h) => h.email)).toEqual(["ola@example.se"]);
    const mails = await mailsTo("ola@example.se");
    expect(mails).toHaveLength(1);
    expect((await openLink(linkIn(mails[0]!.text))).location).toBe("/quizvard");
    // The declined claimant is told, politely, with no link that signs in.
    const declined = await mailsTo("okand@example.se");
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text).toContain("ansökan är avslagen");
    expect(declined[0]!.text).not.toMatch(/token=/);

    // A later claim on the event shows the admin who hosts it already.
    await claim(event.id, { email: "tredje@example.se", name: "Tredje" });
    const relisted = await callRoute<{ claims: { email: string; currentHosts: { email: string }[] }[] }>(
      adminClaimsLoader,
      new Request(`${origin()}/admin/quizvardar`, { headers: { cookie: adminCookie } }),
    );
    expect(relisted.claims.find((c) => c.email === "tredje@example.se")?.currentHosts).toEqual([
      { name: "Ola", email: "ola@example.se" },
    ]);
  });

  it("refuses control characters and a malformed address field by field, and stores nothing", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const answer = await claim(event.id, { name: "Kim\u0000", email: "inte-en-adress", venueRole: "" });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({
      name: "Texten innehåller otillåtna tecken.",
      email: "Ange en giltig e-postadress.",
      venueRole: "Berätta vilken roll du har på stället.",
    });
    expect(await db.select().from(hostClaims).where(eq(hostClaims.eventId, event.id))).toEqual([]);
  });

  it("limits claims per client address and per event", async () => {
    const db = getDb();
    const first = await insertEvent(db);
    const second = await insertEvent(db);
    const ip = "203.0.113.99";
    for (let i = 0; i < 5; i++)
      expect((await claim(first.id, { email: `a${i}@example.se` }, ip)).status).toBe(200);
    const limited = await claim(second.id, { email: "a9@example.se" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toBe("För många ansökningar just nu. Försök igen senare.");

    // From ten different addresses the event takes ten claims a day, then no more.
    for (let i = 0; i < 10; i++)
      expect((await claim(second.id, { email: `b${i}@example.se` })).status).toBe(200);
    expect((await claim(second.id, { email: "b10@example.se" })).status).toBe(429);
    expect(await db.select().from(hostClaims).where(eq(hostClaims.eventId, second.id))).toHaveLength(10);
  });

  it("answers an unknown event with 404", async () => {
    const missing = crypto.randomUUID();
    await expect(claim(missing)).resolves.toMatchObject({ status: 404 });
  });
});

describe("host sign-in", () => {
  it("mails a link to a host and nothing to anyone else, with the same answer", async () => {
    const db = getDb();
    const event = await insertEvent(db, { email: "vard@example.se" });
    await claim(event.id, { email: "vard@example.se" });
    const before = (await mailsTo("vard@example.se")).length;
    const ask = (email: string) => callRoute(hostAreaAction, post("/quizvard", { intent: "sign-in", email }));
    const host = answerOf<{ ok: boolean; message: string }>(await ask("Vard@Example.se"));
    const stranger = answerOf<{ ok: boolean; message: string }>(await ask("ingen@example.se"));
    expect(host).toEqual(stranger);
    expect(host.body.ok).toBe(true);
    // The mail is made after the answer, so the answer's time tells nothing either.
    await expect.poll(async () => (await mailsTo("vard@example.se")).length).toBe(before + 1);
    const mails = await mailsTo("vard@example.se");
    expect(mails.at(-1)!.text).toContain("Logga in som quizvärd");
    expect((await openLink(linkIn(mails.at(-1)!.text))).location).toBe("/quizvard");
    expect(await mailsTo("ingen@example.se")).toHaveLength(0);
  });

  it("never lets a host reach /admin", async () => {
    const db = getDb();
    const event = await insertEvent(db, { email: "inte-admin@example.se" });
    await claim(event.id, { email: "inte-admin@example.se" });
    const signedIn = await openLink(linkIn((await mailsTo("inte-admin@example.se"))[0]!.text));
    const answer = await callRoute(
      adminClaimsLoader,
      new Request(`${origin()}/admin/quizvardar`, { headers: { cookie: signedIn.cookie } }),
    );
    expect(answerOf(answer).status).toBe(403);
    // The listing's own address is kept on the event; claiming it changed nothing else.
    const [row] = await db.select({ email: events.email }).from(events).where(eq(events.id, event.id));
    expect(row?.email).toBe("inte-admin@example.se");
  });
});
