import { afterEach, assert, describe, expect, it, vi } from "vitest";
import { getAuth } from "~/features/auth/auth.server";
import { RESET_TTL_SECONDS } from "~/features/auth/auth-mails";
import { resolveRecovery } from "~/features/auth/recovery.server";
import { getEnv } from "~/lib/env.server";
import { authRequest, cookieHeader, requestReset, signIn, signUp } from "../support/auth-sessions";
import { mailsTo } from "../support/delivered-mail";
import { resetCodeIn, resetLinkIn } from "../support/outbox";

/**
 * Password reset by link and by code, end to end through better-auth's endpoints (the handler /api/auth/*
 * answers with), reading the link and the code out of the mail. Races: reset-races.test.ts; decision 052.
 */

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token_hash")!;
}

describe("password reset", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("by link: one mail with link and code; the link works once, the new password replaces the old", async () => {
    await signUp("lank@example.se", "gammalt1");
    await requestReset("lank@example.se");
    const mails = await mailsTo("lank@example.se");
    const mail = mails.at(-1);
    assert(mail);
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

  it("after an hour the link and the code have expired; malformed and unknown links are refused", async () => {
    await signUp("gammal@example.se", "gammalt1");
    await requestReset("gammal@example.se");
    const mail = (await mailsTo("gammal@example.se")).at(-1)!;
    const token = tokenOf(resetLinkIn(mail));
    // Only the clock moves: better-auth compares expiry times in JavaScript.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (RESET_TTL_SECONDS + 1) * 1000);
    expect(await resolveRecovery(new URLSearchParams({ token_hash: token, type: "recovery" }))).toEqual({
      error: "invalid",
    });
    const byLink = await authRequest("/reset-password", { token, newPassword: "forsent1" });
    expect(await byLink.json()).toMatchObject({ code: "INVALID_TOKEN" });
    const byCode = await authRequest("/email-otp/reset-password", {
      email: "gammal@example.se",
      otp: resetCodeIn(mail),
      password: "forsent1",
    });
    expect(byCode.status).toBe(400);
    // OTP_EXPIRED, or INVALID_OTP once better-auth's periodic sweep has deleted the expired code.
    expect(["OTP_EXPIRED", "INVALID_OTP"]).toContain((await byCode.json()).code);
    expect((await signIn("gammal@example.se", "gammalt1")).status).toBe(200);
    expect(await resolveRecovery(new URLSearchParams({ code: "x" }))).toEqual({ error: "unverifiable" });
    expect(await resolveRecovery(new URLSearchParams({ token_hash: "okandtoken1234567890" }))).toEqual({
      error: "invalid",
    });
    expect(await resolveRecovery(new URLSearchParams({ error: "INVALID_TOKEN" }))).toEqual({
      error: "invalid",
    });
    // Another refusal of better-auth's reset-link endpoint (auth-http.server.ts lands it on /admin).
    expect(await resolveRecovery(new URLSearchParams({ error: "TOO_MANY_REQUESTS" }))).toEqual({
      error: "unverifiable",
    });
    expect(await resolveRecovery(new URLSearchParams({ error: "access_denied" }))).toBeNull();
  });

  it("by code: the code is checked, then sets the new password once", async () => {
    await signUp("kod@example.se", "gammalt1");
    await requestReset("kod@example.se");
    const code = resetCodeIn((await mailsTo("kod@example.se")).at(-1)!);
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

  it("asking for an unknown address answers exactly as for a known one and sends nothing", async () => {
    await signUp("finns@example.se", "gammalt1");
    const ask = (email: string) => authRequest("/request-password-reset", { email, redirectTo: "/admin" });
    const [known, unknown] = await Promise.all([ask("finns@example.se"), ask("finns-inte@example.se")]);
    expect(unknown.status).toBe(known.status);
    expect([...unknown.headers.keys()]).toEqual([...known.headers.keys()]);
    expect(await unknown.text()).toBe(await known.text());
    expect(await mailsTo("finns-inte@example.se")).toEqual([]);
    expect((await mailsTo("finns@example.se")).at(-1)?.text).toContain("Återställ ditt lösenord");
  });

  it("codes exist only for password resets: others are answered as sent, mailed to nobody, accepted nowhere", async () => {
    const email = "bara-aterstallning@example.se";
    await signUp(email, "gammalt1");
    for (const type of ["sign-in", "email-verification"]) {
      const asked = await authRequest("/email-otp/send-verification-otp", { email, type });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ success: true });
    }
    expect((await mailsTo(email)).map((m) => m.text)).toEqual([expect.stringContaining("är skapat")]);
    for (const type of ["sign-in", "email-verification"] as const) {
      expect(await getAuth().api.getVerificationOTP({ query: { email, type } })).toEqual({ otp: null });
    }
    const byCode = await authRequest("/sign-in/email-otp", { email, otp: "123456" });
    expect(byCode.status).toBe(400);
    expect((await byCode.json()).code).toBe("INVALID_OTP");
  });

  it("a reset by link or by code ends every session and marks the address as proven", async () => {
    const sessionOf = (cookie: string) => getAuth().api.getSession({ headers: new Headers({ cookie }) });
    for (const way of ["link", "code"] as const) {
      const email = `bevisad-${way}@example.se`;
      await signUp(email, "gammalt1");
      const cookie = cookieHeader(await signIn(email, "gammalt1"));
      expect((await sessionOf(cookie))?.user.emailVerified).toBe(false);
      await requestReset(email);
      const mail = (await mailsTo(email)).at(-1)!;
      const reset =
        way === "link"
          ? await authRequest("/reset-password", {
              token: tokenOf(resetLinkIn(mail)),
              newPassword: "nyttlosen",
            })
          : await authRequest("/email-otp/reset-password", {
              email,
              otp: resetCodeIn(mail),
              password: "nyttlosen",
            });
      expect(reset.status).toBe(200);
      expect(await sessionOf(cookie)).toBeNull();
      const fresh = cookieHeader(await signIn(email, "nyttlosen"));
      expect((await sessionOf(fresh))?.user.emailVerified).toBe(true);
    }
  });
});

describe("one reset mail, two ways back in", () => {
  async function mailOf(email: string) {
    const mail = (await mailsTo(email)).at(-1)!;
    return { token: tokenOf(resetLinkIn(mail)), code: resetCodeIn(mail) };
  }
  const resetByCode = (email: string, otp: string, password: string) =>
    authRequest("/email-otp/reset-password", { email, otp, password });

  it("using the link uses up the mail's code", async () => {
    await signUp("lank-kod@example.se", "gammalt1");
    await requestReset("lank-kod@example.se");
    const { token, code } = await mailOf("lank-kod@example.se");
    expect((await authRequest("/reset-password", { token, newPassword: "forsta11" })).status).toBe(200);
    expect((await resetByCode("lank-kod@example.se", code, "andra222")).status).toBe(400);
    expect((await signIn("lank-kod@example.se", "forsta11", "203.0.113.90")).status).toBe(200);
    expect((await signIn("lank-kod@example.se", "andra222", "203.0.113.90")).status).toBe(401);
  });

  it("using the code leaves the mail's link for one use within its hour, which again ends every session", async () => {
    // better-auth offers no way to end a link but using it (decision 052): reading one takes the mailbox.
    await signUp("kod-lank@example.se", "gammalt1");
    await requestReset("kod-lank@example.se");
    const { token, code } = await mailOf("kod-lank@example.se");
    expect((await resetByCode("kod-lank@example.se", code, "forsta11")).status).toBe(200);
    const cookie = cookieHeader(await signIn("kod-lank@example.se", "forsta11", "203.0.113.91"));
    expect(await resolveRecovery(new URLSearchParams({ token_hash: token }))).toEqual({ token });
    expect((await authRequest("/reset-password", { token, newPassword: "andra222" })).status).toBe(200);
    expect(await getAuth().api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect((await signIn("kod-lank@example.se", "andra222", "203.0.113.91")).status).toBe(200);
    const again = await authRequest("/reset-password", { token, newPassword: "tredje33" });
    expect((await again.json()).code).toBe("INVALID_TOKEN");
  });

  it("a newer reset mail makes the older mail's code invalid; each mail's link works once", async () => {
    await signUp("tva-mejl@example.se", "gammalt1");
    await requestReset("tva-mejl@example.se");
    const older = await mailOf("tva-mejl@example.se");
    await requestReset("tva-mejl@example.se");
    const newer = await mailOf("tva-mejl@example.se");
    if (older.code !== newer.code) {
      expect((await resetByCode("tva-mejl@example.se", older.code, "aldre111")).status).toBe(400);
    }
    expect((await resetByCode("tva-mejl@example.se", newer.code, "nyare111")).status).toBe(200);
    expect((await signIn("tva-mejl@example.se", "nyare111", "203.0.113.92")).status).toBe(200);
    expect(await resolveRecovery(new URLSearchParams({ token_hash: older.token }))).toEqual({
      token: older.token,
    });
    expect(
      (await authRequest("/reset-password", { token: older.token, newPassword: "aldre111" })).status,
    ).toBe(200);
    expect((await signIn("tva-mejl@example.se", "aldre111", "203.0.113.92")).status).toBe(200);
  });
});
