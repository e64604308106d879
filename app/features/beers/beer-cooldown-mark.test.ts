import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mayHaveBeerCooldown } from "./beer-cooldown-mark";
import { BEER_COOLDOWN_MS } from "./beer-rules";
import { sendBeer } from "./beer-status-client";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

let stored: Map<string, string>;
let answer: unknown;

beforeEach(() => {
  stored = new Map([["quizkvall_user_identifier", "visitor1"]]);
  const localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  vi.stubGlobal("localStorage", localStorage);
  vi.stubGlobal("window", { localStorage });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(answer)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the skåla cooldown mark", () => {
  it("is absent until the server answers a skåla, then runs for the cooldown", async () => {
    expect(mayHaveBeerCooldown()).toBe(false);
    answer = { status: "accepted", count: 4 };
    const before = Date.now();
    expect(await sendBeer("e1")).toEqual({ kind: "accepted", count: 4 });
    expect(mayHaveBeerCooldown()).toBe(true);
    const until = Number(stored.get("quizkvall_beer_cooldown_until"));
    expect(until).toBeGreaterThanOrEqual(before + BEER_COOLDOWN_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + BEER_COOLDOWN_MS);
  });

  it("is left alone by a cooldown answer: only an accepted skåla starts a cooldown", async () => {
    answer = { status: "cooldown", remainingMinutes: 30 };
    expect(await sendBeer("e1")).toEqual({ kind: "cooldown", remainingMinutes: 30 });
    expect(mayHaveBeerCooldown()).toBe(false);
  });

  it("is over once its time has passed, and a refused skåla leaves no mark", async () => {
    stored.set("quizkvall_beer_cooldown_until", String(Date.now() - 1));
    expect(mayHaveBeerCooldown()).toBe(false);
    answer = null;
    expect(await sendBeer("e1")).toEqual({ kind: "failed" });
    expect(mayHaveBeerCooldown()).toBe(false);
  });
});
