import { describe, expect, it } from "vitest";
import { isSameOriginRequest, isStateChanging, isTrustedOrigin } from "./origin";

const site = { publicUrl: "https://quizkvall.se", NODE_ENV: "production" };
const post = (headers: Record<string, string>) =>
  new Request(`${site.publicUrl}/x`, { method: "POST", headers });

describe("isSameOriginRequest", () => {
  it("accepts the site's own origin and refuses others", () => {
    expect(isSameOriginRequest(post({ origin: site.publicUrl }), site)).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://quizkvall.se.elak.example" }), site)).toBe(false);
    expect(isSameOriginRequest(post({ origin: "http://quizkvall.se" }), site)).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }), site)).toBe(false);
  });

  it("falls back to Sec-Fetch-Site, and lets non-browser clients through", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }), site)).toBe(true);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-site" }), site)).toBe(false);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "cross-site" }), site)).toBe(false);
    expect(isSameOriginRequest(post({}), site)).toBe(true);
  });

  it("refuses a request Sec-Fetch-Site marks as from another site, whatever its Origin", () => {
    for (const fetchSite of ["same-site", "cross-site"]) {
      expect(isSameOriginRequest(post({ origin: site.publicUrl, "sec-fetch-site": fetchSite }), site)).toBe(
        false,
      );
    }
    expect(isSameOriginRequest(post({ origin: site.publicUrl, "sec-fetch-site": "same-origin" }), site)).toBe(
      true,
    );
  });
});

describe("isTrustedOrigin", () => {
  const dev = { publicUrl: "http://localhost:3000", NODE_ENV: "development" };
  it("in development also trusts the site opened through a loopback name on any port", () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:5173"]) {
      expect(isTrustedOrigin(origin, dev), origin).toBe(true);
    }
    for (const origin of ["http://127.0.0.2:3000", "https://elak.example", "http://localhost.elak.example"]) {
      expect(isTrustedOrigin(origin, dev), origin).toBe(false);
    }
  });

  it("in production trusts PUBLIC_URL's origin only", () => {
    const prod = { ...dev, NODE_ENV: "production" };
    expect(isTrustedOrigin("http://localhost:3000", prod)).toBe(true);
    expect(isTrustedOrigin("http://127.0.0.1:3000", prod)).toBe(false);
  });

  it("trusts both loopback names on the site's own port when PUBLIC_URL is not set", () => {
    const unset = { publicUrl: "http://localhost:3000", NODE_ENV: "production", loopbackAliases: true };
    expect(isTrustedOrigin("http://127.0.0.1:3000", unset)).toBe(true);
    expect(isTrustedOrigin("http://[::1]:3000", unset)).toBe(true);
    expect(isTrustedOrigin("http://127.0.0.1:5173", unset)).toBe(false);
    expect(isTrustedOrigin("http://evil.example:3000", unset)).toBe(false);
  });
});

describe("isStateChanging", () => {
  it("treats everything but GET, HEAD and OPTIONS as a change", () => {
    expect(["GET", "head", "OPTIONS"].map(isStateChanging)).toEqual([false, false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(isStateChanging)).toEqual([true, true, true, true]);
  });
});
