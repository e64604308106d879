import { describe, expect, it } from "vitest";
import { isSameOriginRequest, isStateChanging } from "./origin";

const site = "https://quizkvall.se";
const post = (headers: Record<string, string>) => new Request(`${site}/x`, { method: "POST", headers });

describe("isSameOriginRequest", () => {
  it("accepts the site's own origin and refuses others", () => {
    expect(isSameOriginRequest(post({ origin: site }), site)).toBe(true);
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
});

describe("isStateChanging", () => {
  it("treats everything but GET, HEAD and OPTIONS as a change", () => {
    expect(["GET", "head", "OPTIONS"].map(isStateChanging)).toEqual([false, false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(isStateChanging)).toEqual([true, true, true, true]);
  });
});
