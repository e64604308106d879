import { afterAll, describe, expect, it } from "vitest";
import { resetAuth } from "~/features/auth/auth.server";
import { getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { hasSessionCookie, SESSION_COOKIE_NAMES } from "../../server/private-answers";
import { authRequest, cookieHeader, signedInCookie } from "../support/auth-sessions";

/** The server makes a session's answers private by the cookie's name: the name better-auth really gives it. */
describe("the session cookie", () => {
  const original = getEnv();
  afterAll(() => {
    setEnv(original);
    resetAuth();
  });

  it("is the one better-auth sets over HTTP, and its __Secure- name over HTTPS", async () => {
    const overHttp = await signedInCookie("kaka@example.se", "kakans-losen", "user");
    expect(overHttp).toMatch(/(^|; )better-auth\.session_token=/);
    expect(hasSessionCookie(overHttp)).toBe(true);

    setEnv(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: original.dataDir,
        PUBLIC_URL: "https://quizkvall.example",
        LOG_LEVEL: "silent",
      }),
    );
    resetAuth();
    const signIn = await authRequest("/sign-in/email", {
      email: "kaka@example.se",
      password: "kakans-losen",
    });
    expect(signIn.status).toBe(200);
    const overHttps = cookieHeader(signIn);
    expect(overHttps).toMatch(/(^|; )__Secure-better-auth\.session_token=/);
    expect(hasSessionCookie(overHttps)).toBe(true);
    const names = (cookie: string) => cookie.split("; ").map((pair) => pair.split("=")[0]);
    expect(SESSION_COOKIE_NAMES).toEqual(expect.arrayContaining([...names(overHttp), ...names(overHttps)]));
  });
});
