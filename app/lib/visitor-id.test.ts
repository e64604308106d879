import { afterEach, describe, expect, it, vi } from "vitest";

/** The localStorage key of the identifier: part of the contract, so written out here. */
const STORAGE_KEY = "quizkvall_user_identifier";
const NOW = 1_700_000_000_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubBrowser(store: Map<string, string>, screenWidth = 390, userAgent = "TestAgent") {
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
    screen: { width: screenWidth, height: 844, colorDepth: 24 },
  });
  vi.stubGlobal("navigator", { userAgent, language: "sv-SE" });
  vi.stubGlobal("document", { createElement: () => ({ getContext: () => null }) });
}

/** The identifier a new page (the module loaded afresh) gives a browser with an empty localStorage. */
async function firstVisitId(screenWidth: number, userAgent = "TestAgent") {
  stubBrowser(new Map(), screenWidth, userAgent);
  vi.spyOn(Date, "now").mockReturnValue(NOW);
  vi.resetModules();
  const { getVisitorId } = await import("./visitor-id");
  const id = getVisitorId();
  expect(id.endsWith(NOW.toString(36))).toBe(true);
  return id.slice(0, -NOW.toString(36).length);
}

describe("the fingerprint hash", () => {
  it("is stable, base 36, and tells close browsers apart", async () => {
    expect(await firstVisitId(390)).toBe(await firstVisitId(390));
    expect(await firstVisitId(390)).not.toBe(await firstVisitId(391));
    expect(await firstVisitId(390)).toMatch(/^[0-9a-z]{1,11}$/);
    expect(await firstVisitId(390, "x".repeat(10_000))).toMatch(/^[0-9a-z]{1,11}$/);
  });
});

describe("getVisitorId", () => {
  it("generates a fingerprint hash plus the time in base 36 once, then reuses it", async () => {
    const store = new Map<string, string>();
    stubBrowser(store);
    vi.spyOn(Date, "now").mockReturnValue(NOW);
    vi.resetModules();
    const { getVisitorId } = await import("./visitor-id");
    const id = getVisitorId();
    expect(id.endsWith(NOW.toString(36))).toBe(true);
    expect(id).toMatch(/^[0-9a-z]+$/);
    expect(store.get(STORAGE_KEY)).toBe(id);
    store.set(STORAGE_KEY, "earlier0id");
    expect(getVisitorId()).toBe("earlier0id");
  });
});
