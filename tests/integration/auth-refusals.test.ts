import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetAuth } from "~/features/auth/auth.server";
import { handleAuthRequest } from "~/features/auth/auth-http.server";
import { authFailureReason } from "~/features/auth/auth-messages";
import { resolveRecovery } from "~/features/auth/recovery.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { authRequest, cookieHeader } from "../support/auth-sessions";

/**
 * Every refusal of /api/auth/* a person can see is Swedish: a JSON answer keeps better-auth's status and code
 * and carries the Swedish message the forms show for that code; a link opened in a browser lands on a
 * Swedish page instead of JSON.
 */
type Refusal = { status: number; code: string; message: string };

async function refusalOf(answer: Response): Promise<Refusal> {
  const body = (await answer.json()) as { code: string; message: string };
  return { status: answer.status, code: body.code, message: body.message };
}

/** A GET as a browser opening a link sends it. */
const open = (pathAndQuery: string, ip = "203.0.113.30") =>
  handleAuthRequest(
    new Request(`${getEnv().publicUrl}/api/auth${pathAndQuery}`, {
      headers: { "x-quizkvall-client-ip": ip, "sec-fetch-mode": "navigate" },
    }),
  );

describe("JSON refusals", () => {
  it("carry the code and the forms' Swedish message for it", async () => {
    await authRequest("/sign-up/email", { email: "nekad@example.se", password: "hemligt1", name: "N" });
    const cookie = cookieHeader(
      await authRequest("/sign-in/email", { email: "nekad@example.se", password: "hemligt1" }),
    );
    const cases: [Promise<Response>, Refusal][] = [
      [
        authRequest("/reset-password", { token: "okandtoken1234567890", newPassword: "nyttlosen" }),
        {
          status: 400,
          code: "INVALID_TOKEN",
          message: "Återställningslänken är ogiltig eller har gått ut. Begär en ny länk.",
        },
      ],
      [
        authRequest("/email-otp/check-verification-otp", {
          email: "ingen@example.se",
          otp: "123456",
          type: "forget-password",
        }),
        { status: 400, code: "INVALID_OTP", message: "Koden är fel. Kontrollera koden i mejlet." },
      ],
      [
        authRequest("/sign-up/email", { email: "kort@example.se", password: "12345", name: "K" }),
        { status: 400, code: "PASSWORD_TOO_SHORT", message: "Lösenordet måste vara minst 6 tecken långt." },
      ],
      [
        authRequest("/request-password-reset", { email: "inte-en-adress" }),
        {
          status: 400,
          code: "VALIDATION_ERROR",
          message: "Uppgifterna saknas eller är felaktiga. Kontrollera dem och försök igen.",
        },
      ],
      [
        authRequest("/request-password-reset", {
          email: "nekad@example.se",
          redirectTo: "https://elak.example/",
        }),
        {
          status: 403,
          code: "INVALID_REDIRECT_URL",
          message: "Länken leder till en annan webbplats och kan inte användas.",
        },
      ],
      [
        authRequest("/sign-out", {}, { cookie, origin: "https://elak.example" }),
        { status: 403, code: "INVALID_ORIGIN", message: authFailureReason("INVALID_ORIGIN") },
      ],
      [authRequest("/finns-inte", {}), { status: 404, code: "NOT_FOUND", message: "Sidan finns inte." }],
    ];
    for (const [answer, expected] of cases) {
      const response = await answer;
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await refusalOf(response)).toEqual(expected);
    }
  });
});

describe("a refused link opened in a browser", () => {
  it("lands on the sign-in link's page or the admin page with the code, never on JSON", async () => {
    const foreign = encodeURIComponent("https://elak.example/");
    const magic = await open(`/magic-link/verify?token=${"a".repeat(32)}&callbackURL=${foreign}`);
    expect(magic.status).toBe(302);
    expect(magic.headers.get("location")).toBe("/quizvard/logga-in?error=INVALID_CALLBACK_URL");

    const reset = await open(`/reset-password/okandtoken1234567890?callbackURL=${foreign}`);
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/admin?error=INVALID_CALLBACK_URL");
    // The admin page shows its red box for it.
    const landed = new URL(reset.headers.get("location")!, getEnv().publicUrl);
    expect(await resolveRecovery(landed.searchParams)).toEqual({ error: "unverifiable" });
  });
});

describe("as deployed, with better-auth's own request limits on", () => {
  let original: Env;
  beforeAll(() => {
    original = getEnv();
    setEnv(
      parseEnv({
        NODE_ENV: "production",
        DATA_DIR: original.dataDir,
        PUBLIC_URL: original.publicUrl,
        LOG_LEVEL: "silent",
      }),
    );
    resetAuth();
  });
  afterAll(() => {
    setEnv(original);
    resetAuth();
  });

  it("a JSON answer over the limit gets the code TOO_MANY_REQUESTS, a Swedish message and Retry-After", async () => {
    const guess = () =>
      authRequest(
        "/email-otp/check-verification-otp",
        { email: "gissare@example.se", otp: "123456", type: "forget-password" },
        { ip: "198.51.100.77" },
      );
    // "/email-otp/*" allows 10 a minute from one address (auth.server.ts).
    for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(400);
    const limited = await guess();
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const body = await limited.json();
    expect(body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: wait });
    expect(body.message).toBe(authFailureReason("TOO_MANY_REQUESTS", 429, wait));
    expect(body.message).toMatch(
      /^För många förfrågningar från din adress\. Försök igen om (\d+ sekunder|1 minut)\.$/,
    );
  });

  it("a sign-in link opened over the limit lands on /quizvard/logga-in?error=TOO_MANY_REQUESTS", async () => {
    const ip = "198.51.100.78";
    const link = `/magic-link/verify?token=${"b".repeat(32)}&callbackURL=%2Fquizvard&errorCallbackURL=%2Fquizvard`;
    // The magic-link plugin allows 5 a minute from one address.
    for (let i = 0; i < 5; i++)
      expect((await open(link, ip)).headers.get("location")).toMatch(/error=INVALID_TOKEN/);
    const limited = await open(link, ip);
    expect(limited.status).toBe(302);
    expect(limited.headers.get("location")).toBe("/quizvard/logga-in?error=TOO_MANY_REQUESTS");
  });
});
