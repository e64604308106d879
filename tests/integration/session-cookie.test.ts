import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { resetAuth } from "~/features/auth/auth.server";
import { getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { privateAnswers } from "../../server/private-answers";
import { authRequest, cookieHeader, signedInCookie } from "../support/auth-sessions";

/** Whether the server's private-answers middleware makes the answer to a request with `cookie` private. */
async function answersPrivately(cookie: string): Promise<boolean> {
  const app = express();
  app.use(privateAnswers);
  app.get("/", (_req, res) => void res.setHeader("Cache-Control", "public, max-age=600").end());
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie } });
    return response.headers.get("cache-control") === "private, no-store";
  } finally {
    server.close();
  }
}

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
    expect(await answersPrivately(overHttp)).toBe(true);

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
    expect(await answersPrivately(overHttps)).toBe(true);
    // Each cookie better-auth sets is known as a session cookie on its own.
    for (const pair of [...overHttp.split("; "), ...overHttps.split("; ")])
      expect(await answersPrivately(pair), pair).toBe(true);
  });
});
