import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { verification } from "~/db/schema";
import { resetAuth } from "~/features/auth/auth.server";
import { requireSameOrigin } from "~/features/auth/guard.server";
import { resolveRecovery } from "~/features/auth/recovery.server";
import { SIGN_IN_RULES } from "~/features/auth/sign-in-limit.server";
import { getDb } from "~/lib/db.server";
import { getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { authRequest, signedInCookie } from "../support/auth-sessions";
import { decodeQuotedPrintable, outboxFor, resetCodeIn, resetLinkIn } from "../support/outbox";

const signIn = (email: string, password: string, ip?: string) =>
  authRequest("/sign-in/email", { email, password }, { ip });

async function signUp(email: string, password: string) {
  const response = await authRequest("/sign-up/email", { email, password, name: "Testare" });
  expect(response.status).toBe(200);
}

async function requestReset(email: string) {
  const response = await authRequest("/request-password-reset", { email, redirectTo: "/admin" });
  expect(response.status).toBe(200);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token_hash")!;
}

describe("sign-up", () => {
  it("creates an ordinary account and sends a welcome mail", async () => {
    await signUp("ny@example.se", "hemligt1");
    const [mail] = outboxFor(getEnv().dataDir, "ny@example.se");
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.text).toContain("Kontakta administratören");
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
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

describe("password reset", () => {
  it("by link: one mail with link and code; the link works once, the new password replaces the old", async () => {
    await signUp("lank@example.se", "gammalt1");
    await requestReset("lank@example.se");
    const mails = outboxFor(getEnv().dataDir, "lank@example.se");
    const mail = mails[mails.length - 1];
    expect(mail.text).toContain("Återställ ditt lösenord");
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${getEnv().publicUrl}/admin?`)).toBe(true);
    expect(resetCodeIn(mail)).toMatch(/^\d{6}$/);

    const token = tokenOf(link);
    expect(await resolveRecovery(new URL(link).searchParams)).toEqual({ token });
    const reset = await authRequest("/reset-password", { token, newPassword: "nyttlosen" });
    expect(reset.status).toBe(200);
    expect((await signIn("lank@example.se", "nyttlosen")).status).toBe(200);
    expect((await signIn("lank@example.se", "gammalt1")).status).toBe(401);

    // Reused: the token is gone.
    expect(await resolveRecovery(new URL(link).searchParams)).toEqual({ error: "invalid" });
    const again = await authRequest("/reset-password", { token, newPassword: "tredje11" });
    expect((await again.json()).code).toBe("INVALID_TOKEN");
  });

  it("an expired link is invalid; a malformed code cannot be verified; unknown links are invalid", async () => {
    await signUp("gammal@example.se", "gammalt1");
    await requestReset("gammal@example.se");
    const token = tokenOf(resetLinkIn(outboxFor(getEnv().dataDir, "gammal@example.se").at(-1)!));
    await getDb()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(await resolveRecovery(new URLSearchParams({ token_hash: token, type: "recovery" }))).toEqual({
      error: "invalid",
    });
    expect(await resolveRecovery(new URLSearchParams({ code: "x" }))).toEqual({ error: "unverifiable" });
    expect(await resolveRecovery(new URLSearchParams({ token_hash: "okandtoken1234567890" }))).toEqual({
      error: "invalid",
    });
    expect(await resolveRecovery(new URLSearchParams({ error: "INVALID_TOKEN" }))).toEqual({
      error: "invalid",
    });
    expect(await resolveRecovery(new URLSearchParams({ error: "access_denied" }))).toBeNull();
  });

  it("by code: the code is checked, then sets the new password once", async () => {
    await signUp("kod@example.se", "gammalt1");
    await requestReset("kod@example.se");
    const code = resetCodeIn(outboxFor(getEnv().dataDir, "kod@example.se").at(-1)!);
    const wrong = await authRequest("/email-otp/check-verification-otp", {
      email: "kod@example.se",
      otp: code === "000000" ? "111111" : "000000",
      type: "forget-password",
    });
    expect(wrong.status).toBe(400);
    const check = await authRequest("/email-otp/check-verification-otp", {
      email: "kod@example.se",
      otp: code,
      type: "forget-password",
    });
    expect(check.status).toBe(200);
    const reset = await authRequest("/email-otp/reset-password", {
      email: "kod@example.se",
      otp: code,
      password: "nyttlosen",
    });
    expect(reset.status).toBe(200);
    expect((await signIn("kod@example.se", "nyttlosen")).status).toBe(200);
    expect((await signIn("kod@example.se", "gammalt1")).status).toBe(401);
    const reused = await authRequest("/email-otp/reset-password", {
      email: "kod@example.se",
      otp: code,
      password: "tredje11",
    });
    expect(reused.status).toBe(400);
  });

  it("asking for an unknown address answers the same and sends nothing", async () => {
    await requestReset("finns-inte@example.se");
    expect(outboxFor(getEnv().dataDir, "finns-inte@example.se")).toEqual([]);
  });
});

describe("sign-in limits", () => {
  it("locks an account after repeated failures, from any IP, while a correct password does not count", async () => {
    await signUp("gissad@example.se", "korrekt1");
    // Correct sign-ins never use up the budget.
    for (let i = 0; i < SIGN_IN_RULES.account.limit + 2; i++) {
      expect((await signIn("gissad@example.se", "korrekt1", `192.0.2.${i}`)).status).toBe(200);
    }
    for (let i = 0; i < SIGN_IN_RULES.account.limit; i++) {
      expect((await signIn("gissad@example.se", "fel", `192.0.2.${i}`)).status).toBe(401);
    }
    const locked = await signIn("gissad@example.se", "korrekt1", "192.0.2.99");
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe("För många inloggningsförsök. Försök igen om en stund.");
  });

  it("limits failures per IP across accounts", async () => {
    const ip = "198.51.100.200";
    for (let i = 0; i < SIGN_IN_RULES.ip.limit; i++) {
      expect((await signIn(`konto${i}@example.se`, "fel", ip)).status).toBe(401);
    }
    expect((await signIn("konto-sista@example.se", "fel", ip)).status).toBe(429);
    expect((await signIn("konto-sista@example.se", "fel", "198.51.100.201")).status).toBe(401);
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

  function switchEnv(nodeEnv: "development" | "production") {
    setEnv(parseEnv({ NODE_ENV: nodeEnv, DATA_DIR: original.dataDir, PORT: "3000", LOG_LEVEL: "silent" }));
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

  it("in production accepts only PUBLIC_URL's origin", async () => {
    switchEnv("production");
    const response = await authRequest(
      "/sign-in/email",
      { email: "loopback@example.se", password: "hemligt1" },
      { origin: "http://127.0.0.1:3000" },
    );
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("INVALID_ORIGIN");
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
    const mail = received.find(
      (m) => m.to.includes("smtp@example.se") && decodeQuotedPrintable(m.body).includes("token_hash="),
    );
    expect(mail).toBeDefined();
    expect(outboxFor(original.dataDir, "smtp@example.se")).toEqual([]);
  });
});
