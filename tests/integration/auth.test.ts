import { SMTPServer } from "smtp-server";
import { afterAll, assert, describe, expect, it } from "vitest";
import { resetAuth } from "~/features/auth/auth.server";
import { requireSameOrigin } from "~/features/auth/guard.server";
import { takeSignInAttempt } from "~/features/auth/sign-in-limit.server";
import { deliverDueMails } from "~/features/mail/delivery.server";
import { mailsAfterAnswerQueued } from "~/features/mail/public.server";
import { closeSmtpTransport } from "~/features/mail/transport.server";
import { getDb } from "~/lib/db.server";
import { getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { authRequest, requestReset, signedInCookie, signIn, signUp } from "../support/auth-sessions";
import { mailsTo } from "../support/delivered-mail";
import { decodeQuotedPrintable, outboxFor } from "../support/outbox";

/** The sign-in budgets (features/auth/sign-in-limit.server.ts). */
const SIGN_IN_RULES = { pair: { limit: 5 }, ip: { limit: 20 }, slowAfter: 10 };

describe("sign-up", () => {
  it("creates an ordinary account and sends a welcome mail", async () => {
    await signUp("ny@example.se", "hemligt1");
    const [mail] = await mailsTo("ny@example.se");
    assert(mail);
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.text).toContain("Kontakta administratören");
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
  });

  it("answers a taken address exactly as a new one, keeps its password and mails its owner instead", async () => {
    const fresh = await authRequest("/sign-up/email", {
      email: "forst@example.se",
      password: "forsta1",
      name: "A",
    });
    const taken = await authRequest("/sign-up/email", {
      email: "Forst@example.se",
      password: "andra12",
      name: "B",
    });
    expect(taken.status).toBe(fresh.status);
    const freshBody = await fresh.json();
    const takenBody = await taken.json();
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(takenBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(takenBody.token).toBeNull();
    expect(takenBody.user.id).not.toBe(freshBody.user.id);

    const mails = await mailsTo("forst@example.se");
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain("Ditt konto på Quizkväll är skapat");
    expect(mails[1]?.raw).toMatch(/^Subject: .*/m);
    expect(mails[1]?.text).toContain("Någon försökte skapa ett konto på Quizkväll med din e-postadress");
    expect(mails[1]?.text).not.toContain("är skapat");
    expect(mails[1]?.text).toContain(`${getEnv().publicUrl}/admin?mode=forgot`);

    expect((await signIn("forst@example.se", "andra12")).status).toBe(401);
    expect((await signIn("forst@example.se", "forsta1")).status).toBe(200);
  });

  it("refuses a password shorter than 6", async () => {
    const response = await authRequest("/sign-up/email", {
      email: "kort@example.se",
      password: "12345",
      name: "K",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("PASSWORD_TOO_SHORT");
  });
});

describe("sign-in limits", () => {
  it("locks one address out of an account after repeated failures, saying how long; others still sign in", async () => {
    await signUp("gissad@example.se", "korrekt1");
    // Correct sign-ins never use up the budget.
    for (let i = 0; i < SIGN_IN_RULES.pair.limit + 2; i++) {
      expect((await signIn("gissad@example.se", "korrekt1", "192.0.2.1")).status).toBe(200);
    }
    for (let i = 0; i < SIGN_IN_RULES.pair.limit; i++) {
      expect((await signIn("gissad@example.se", "fel", "192.0.2.66")).status).toBe(401);
    }
    const locked = await signIn("gissad@example.se", "korrekt1", "192.0.2.66");
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThanOrEqual(900);
    const body = (await locked.json()) as { message: string; code: string; retryAfter: number };
    expect(body).toMatchObject({ code: "SIGN_IN_LIMITED", retryAfter: wait });
    expect(body.message).toBe(`För många inloggningsförsök. Försök igen om ${Math.ceil(wait / 60)} minuter.`);
    // The guesser's address is locked, not the account: its owner signs in from home.
    expect((await signIn("gissad@example.se", "korrekt1", "192.0.2.1")).status).toBe(200);
  });

  it("limits failures per IP across accounts", async () => {
    const ip = "198.51.100.200";
    for (let i = 0; i < SIGN_IN_RULES.ip.limit; i++) {
      expect((await signIn(`konto${i}@example.se`, "fel", ip)).status).toBe(401);
    }
    expect((await signIn("konto-sista@example.se", "fel", ip)).status).toBe(429);
    expect((await signIn("konto-sista@example.se", "fel", "198.51.100.201")).status).toBe(401);
  });

  it("only slows an account down when guesses come from many addresses, never locks it", async () => {
    const db = getDb();
    const t0 = new Date("2026-11-23T20:00:00Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    // Many addresses, a few guesses each: under every per-address limit.
    for (let i = 0; i < SIGN_IN_RULES.slowAfter; i++) {
      expect(await takeSignInAttempt(db, "spridd@example.se", `203.0.113.${i}`, at(0))).toBeNull();
    }
    // Past the threshold, one attempt per slow window from anywhere, the owner included.
    expect(await takeSignInAttempt(db, "spridd@example.se", "203.0.113.200", at(1))).toBeNull();
    expect(await takeSignInAttempt(db, "spridd@example.se", "203.0.113.201", at(2))).toBe(9);
    expect(await takeSignInAttempt(db, "spridd@example.se", "198.18.0.1", at(3))).toBe(8);
    // A few seconds later the owner gets through; however long the guessing goes on, the account keeps
    // taking one try per window and is never locked.
    expect(await takeSignInAttempt(db, "spridd@example.se", "198.18.0.1", at(11))).toBeNull();
    for (let i = 2; i <= 40; i++) {
      expect(await takeSignInAttempt(db, "spridd@example.se", `203.0.114.${i}`, at(1 + i * 10))).toBeNull();
      expect(await takeSignInAttempt(db, "spridd@example.se", `203.0.115.${i}`, at(2 + i * 10))).toBe(9);
    }
    expect(await takeSignInAttempt(db, "spridd@example.se", "198.18.0.1", at(1 + 41 * 10))).toBeNull();
  });
});

describe("cookies and origin", () => {
  it("sets an httpOnly SameSite=Lax session cookie, Secure only over https", async () => {
    await signUp("kaka@example.se", "hemligt1");
    const response = await signIn("kaka@example.se", "hemligt1");
    const session = response.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it("refuses a cookie-bearing sign-out from another origin", async () => {
    const cookie = await signedInCookie("origin@example.se", "hemligt1", "user");
    const response = await authRequest("/sign-out", {}, { cookie, origin: "https://elak.example" });
    expect(response.status).toBe(403);
  });
});

describe("development on 127.0.0.1", () => {
  const original = getEnv();
  afterAll(() => {
    setEnv(original);
    resetAuth();
  });

  function switchEnv(nodeEnv: "development" | "production", publicUrl?: string) {
    setEnv(
      parseEnv({
        NODE_ENV: nodeEnv,
        DATA_DIR: original.dataDir,
        PORT: "3000",
        LOG_LEVEL: "silent",
        PUBLIC_URL: publicUrl,
      }),
    );
    resetAuth();
  }

  it("signs in when the site is opened as 127.0.0.1 while PUBLIC_URL says localhost", async () => {
    switchEnv("development");
    await signUp("loopback@example.se", "hemligt1");
    const viaIp = await authRequest(
      "/sign-in/email",
      { email: "loopback@example.se", password: "hemligt1" },
      { origin: "http://127.0.0.1:3000" },
    );
    expect(viaIp.status).toBe(200);
    expect(viaIp.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);
    const post = (origin: string) =>
      new Request("http://127.0.0.1:3000/admin", { method: "POST", headers: { origin } });
    expect(() => requireSameOrigin(post("http://127.0.0.1:3000"))).not.toThrow();
    // Foreign sites stay refused in development too.
    const foreign = await authRequest(
      "/sign-in/email",
      { email: "loopback@example.se", password: "hemligt1" },
      { origin: "https://elak.example" },
    );
    expect(foreign.status).toBe(403);
    expect(() => requireSameOrigin(post("https://elak.example"))).toThrow();
  });

  it("in production accepts only PUBLIC_URL's origin, and both loopback names while PUBLIC_URL is unset", async () => {
    const signIn = () =>
      authRequest(
        "/sign-in/email",
        { email: "loopback@example.se", password: "hemligt1" },
        { origin: "http://127.0.0.1:3000" },
      );
    switchEnv("production", "http://localhost:3000");
    const response = await signIn();
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("INVALID_ORIGIN");
    switchEnv("production");
    expect((await signIn()).status).toBe(200);
  });
});

describe("mail over SMTP", () => {
  const received: { to: string[]; body: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  const original = getEnv();

  afterAll(async () => {
    setEnv(original);
    closeSmtpTransport();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends the reset mail to the SMTP server when SMTP_URL is set", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as { port: number };
    setEnv(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: original.dataDir,
        PUBLIC_URL: original.publicUrl,
        LOG_LEVEL: "silent",
        SMTP_URL: `smtp://127.0.0.1:${port}`,
      }),
    );
    await signUp("smtp@example.se", "gammalt1");
    await requestReset("smtp@example.se");
    await mailsAfterAnswerQueued();
    await deliverDueMails(getDb());
    const mail = received.find(
      (m) => m.to.includes("smtp@example.se") && decodeQuotedPrintable(m.body).includes("token_hash="),
    );
    expect(mail).toBeDefined();
    expect(outboxFor(original.dataDir, "smtp@example.se")).toEqual([]);
  });
});
