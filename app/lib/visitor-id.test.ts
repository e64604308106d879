import { afterEach, describe, expect, it, vi } from "vitest";
import { getVisitorId, hashToBase36, VISITOR_ID_STORAGE_KEY } from "./visitor-id";

describe("hashToBase36", () => {
  it("is stable, base 36, and tells close inputs apart", () => {
    expect(hashToBase36("Mozilla|sv-SE|390x844")).toBe(hashToBase36("Mozilla|sv-SE|390x844"));
    expect(hashToBase36("Mozilla|sv-SE|390x844")).not.toBe(hashToBase36("Mozilla|sv-SE|391x844"));
    expect(hashToBase36("")).toMatch(/^[0-9a-z]+$/);
    expect(hashToBase36("x".repeat(10_000))).toMatch(/^[0-9a-z]{1,11}$/);
  });
});

describe("getVisitorId", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubBrowser(store: Map<string, string>) {
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      },
      screen: { width: 390, height: 844, colorDepth: 24 },
    });
    vi.stubGlobal("navigator", { userAgent: "TestAgent", language: "sv-SE" });
    vi.stubGlobal("document", { createElement: () => ({ getContext: () => null }) });
  }

  it("generates a fingerprint hash plus the time in base 36 once, then reuses it", () => {
    const store = new Map<string, string>();
    stubBrowser(store);
    vi.spyOn(Date, "now").mockReturnValue(1_700_000_000_000);
    const id = getVisitorId();
    expect(id.endsWith((1_700_000_000_000).toString(36))).toBe(true);
    expect(id).toMatch(/^[0-9a-z]+$/);
    expect(store.get(VISITOR_ID_STORAGE_KEY)).toBe(id);
    store.set(VISITOR_ID_STORAGE_KEY, "earlier0id");
    expect(getVisitorId()).toBe("earlier0id");
    vi.restoreAllMocks();
  });
});
