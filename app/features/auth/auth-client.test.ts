import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runAuth } from "./auth-client";

let requests: { url: string; method: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  vi.stubGlobal("window", { location: { origin: "http://quiz.test" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push({
        url: request.url,
        method: request.method,
        body: await request.json().catch(() => null),
      });
      return answer();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("runAuth", () => {
  it("calls better-auth's endpoint under /api/auth and reports success", async () => {
    answer = () => json(200, { redirect: false, token: "t", user: { id: "u" } });
    const result = await runAuth((auth) => auth.signIn.email({ email: "a@b.se", password: "hemligt" }));
    expect(result).toEqual({ ok: true });
    expect(requests).toEqual([
      {
        url: "http://quiz.test/api/auth/sign-in/email",
        method: "POST",
        body: { email: "a@b.se", password: "hemligt" },
      },
    ]);
  });

  it("passes on better-auth's error code, the status and a lockout's wait", async () => {
    answer = () => json(429, { code: "SIGN_IN_LIMITED", message: "…", retryAfter: 90 });
    const result = await runAuth((auth) => auth.signIn.email({ email: "a@b.se", password: "fel" }));
    expect(result).toEqual({ ok: false, status: 429, code: "SIGN_IN_LIMITED", retryAfter: 90 });
  });

  it("reaches the e-mail OTP plugin's endpoints", async () => {
    answer = () => json(400, { code: "INVALID_OTP", message: "Invalid OTP" });
    const result = await runAuth((auth) =>
      auth.emailOtp.checkVerificationOtp({ email: "a@b.se", otp: "123456", type: "forget-password" }),
    );
    expect(result).toEqual({ ok: false, status: 400, code: "INVALID_OTP", retryAfter: undefined });
    expect(requests[0]?.url).toBe("http://quiz.test/api/auth/email-otp/check-verification-otp");
  });

  it("says NETWORK when the server was never reached", async () => {
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    const result = await runAuth((auth) => auth.signOut());
    expect(result).toEqual({ ok: false, status: 0, code: "NETWORK" });
  });
});
