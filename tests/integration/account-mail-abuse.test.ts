import type { Server } from "node:http";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetAuth } from "~/features/auth/auth.server";
import { handleAuthRequest } from "~/features/auth/auth-http.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { resolveClientAddress } from "../../server/client-address";
import { mailsTo } from "../support/delivered-mail";

/** The hourly account-mail budgets of one address (features/auth/account-mail-limit.server.ts). */
const ACCOUNT_MAIL_REQUEST_RULES = { "sign-up": { limit: 10 }, "mail-request": { limit: 10 } };

/**
 * The flood measured against the site: from one minute of requests, 52 mails to one recipient (sign-up with
 * the taken address 19, reset 10, the two code requests 10 + 10, verification 3). Sent here through the
 * server's own client-address resolution behind one trusted proxy (TRUST_PROXY=1), each request from another
 * client address, so no per-address limit stands in the way: only the recipient's cap does.
 */
let original: Env;
let server: Server;
let base: string;

/**
 * Holds back the queueing of mail to one recipient until the test lets it go, and says when it was reached.
 * (It can: tests/support/integration-setup.ts loads no auth module before this mock.)
 */
const mailGate = vi.hoisted(() => ({
  held: null as { to: string; reached: () => void; release: Promise<void> } | null,
}));
vi.mock("~/features/mail/public.server", async (importOriginal) => {
  const mail = await importOriginal<typeof import("~/features/mail/public.server")>();
  return {
    ...mail,
    enqueueMail: async (...args: Parameters<typeof mail.enqueueMail>) => {
      const gate = mailGate.held;
      if (gate && args[1].to === gate.to) {
        gate.reached();
        await gate.release;
      }
      return mail.enqueueMail(...args);
    },
  };
});

beforeAll(async () => {
  original = getEnv();
  const app = express();
  resolveClientAddress(app, 1);
  app.all("/api/auth/*splat", (req, res) => toNodeHandler(handleAuthRequest)(req, res));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // As deployed: production (better-auth's own request limits on too), one proxy in front.
  setEnv(
    parseEnv({ NODE_ENV: "production", DATA_DIR: original.dataDir, PUBLIC_URL: base, TRUST_PROXY: "1" }),
  );
  resetAuth();
});

afterAll(async () => {
  setEnv(original);
  resetAuth();
  await new Promise((resolve) => server.close(resolve));
});

let nextAddress = 0;
/** A client address no request has used yet, as the proxy reports it. */
const freshAddress = () => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

async function post(path: string, body: Record<string, unknown>, client = freshAddress()) {
  const response = await fetch(`${base}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": client },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const signUp = (email: string, client?: string) =>
  post("/sign-up/email", { email, password: "hemligt123", name: "Testare" }, client);
const requestReset = (email: string, client?: string) =>
  post("/request-password-reset", { email, redirectTo: "/admin" }, client);

describe("the measured flood, from a new client address each time behind TRUST_PROXY", () => {
  it("52 requests for mail to one recipient in a minute make at most 3 mails, and every answer is the same", async () => {
    const victim = "offer@example.se";
    expect((await signUp(victim)).status).toBe(200);
    const email = victim.toUpperCase();
    const flood = [
      ...Array.from({ length: 19 }, () => signUp(email)),
      ...Array.from({ length: 10 }, () => requestReset(email)),
      ...Array.from({ length: 10 }, () =>
        post("/email-otp/send-verification-otp", { email, type: "forget-password" }),
      ),
      ...Array.from({ length: 10 }, () => post("/email-otp/request-password-reset", { email })),
      ...Array.from({ length: 3 }, () => post("/send-verification-email", { email })),
    ];
    const answers = await Promise.all(flood);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const signUps = answers.slice(0, 19);
    expect(new Set(signUps.map((a) => JSON.stringify(Object.keys(a.body.user).sort()))).size).toBe(1);
    expect(signUps.every((a) => a.body.token === null)).toBe(true);
    for (const [from, to] of [
      [19, 29],
      [29, 39],
      [39, 49],
      [49, 52],
    ]) {
      expect(new Set(answers.slice(from, to).map((a) => JSON.stringify(a.body))).size).toBe(1);
    }

    const mails = await mailsTo(victim);
    expect(mails).toHaveLength(3);
    expect(mails[0]?.text).toContain("Ditt konto på Quizkväll är skapat");
    const existing = mails.filter((m) => m.text.includes("Någon försökte skapa ett konto"));
    expect(existing.length).toBeLessThanOrEqual(1);
  });

  it("answers a reset request alike for an unknown address, a known one, and a known one over its cap", async () => {
    const known = "kand@example.se";
    expect((await signUp(known)).status).toBe(200);
    const unknown = await requestReset("okand@example.se");
    const underCap = await requestReset(known);
    await requestReset(known);
    const overCap = await requestReset(known);
    expect((await mailsTo(known)).length).toBe(3);
    for (const answer of [underCap, overCap]) {
      expect(answer.status).toBe(unknown.status);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(await mailsTo("okand@example.se")).toEqual([]);
  });
});

describe("the answer to a reset request", () => {
  it("comes before the mail is queued, so a known address answers exactly as an unknown one", async () => {
    const known = "vantar@example.se";
    expect((await signUp(known)).status).toBe(200);
    let release = () => {};
    let reached = () => {};
    const queueingReached = new Promise<void>((resolve) => (reached = resolve));
    mailGate.held = { to: known, reached, release: new Promise<void>((resolve) => (release = resolve)) };
    try {
      const unknown = await requestReset("vantar-inte@example.se");
      // Were the answer to wait for the mail, it would never come (the test's timeout fails it).
      const answered = await requestReset(known);
      await queueingReached;
      expect(answered.status).toBe(unknown.status);
      expect(answered.body).toEqual(unknown.body);
      expect([...answered.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    } finally {
      mailGate.held = null;
      release();
    }
    const mails = await mailsTo(known);
    expect(mails.at(-1)?.text).toContain("Återställ ditt lösenord");
  });
});

describe("per client address", () => {
  it(`allows ${ACCOUNT_MAIL_REQUEST_RULES["sign-up"].limit} sign-ups an hour from one address, then 429 in Swedish; others go on`, async () => {
    const client = "203.0.113.50";
    for (let i = 0; i < ACCOUNT_MAIL_REQUEST_RULES["sign-up"].limit; i++) {
      expect((await signUp(`adress-${i}@example.se`, client)).status).toBe(200);
    }
    const refused = await signUp("adress-extra@example.se", client);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(refused.body.message).toMatch(
      /^För många förfrågningar från din adress\. Försök igen om \d+ minuter\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await signUp("adress-extra@example.se", "203.0.113.51")).status).toBe(200);
  });

  it("counts reset, code and verification requests from one address together", async () => {
    const client = "203.0.113.60";
    const asks = [
      ...Array.from({ length: 5 }, (_, i) => () => requestReset(`fraga-${i}@example.se`, client)),
      ...Array.from(
        { length: 3 },
        (_, i) => () => post("/forget-password/email-otp", { email: `kod-${i}@example.se` }, client),
      ),
      ...Array.from(
        { length: 2 },
        (_, i) => () => post("/send-verification-email", { email: `ver-${i}@example.se` }, client),
      ),
    ];
    expect(asks).toHaveLength(ACCOUNT_MAIL_REQUEST_RULES["mail-request"].limit);
    for (const ask of asks) expect((await ask()).status).toBe(200);
    const refused = await requestReset("fraga-extra@example.se", client);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
    expect((await requestReset("fraga-extra@example.se", "203.0.113.61")).status).toBe(200);
  });
});
