import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiErrorMessage, apiFetch } from "./api-client";
import { SHED_HEADER, SHED_MESSAGE } from "./shed-retry";

type Call = { url: string; method: string; contentType: string | null; body: string };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const shed = () =>
  new Response(SHED_MESSAGE, { status: 503, headers: { [SHED_HEADER]: "1", "Retry-After": "1" } });

let calls: Call[];
let answers: (() => Response | Promise<Response>)[];

beforeEach(() => {
  calls = [];
  answers = [];
  // The retry waits Retry-After (about a second); the fake clock lets the tests run it at once.
  vi.useFakeTimers();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), "http://quiz.test"), init);
      calls.push({
        url: new URL(request.url).pathname,
        method: request.method,
        contentType: request.headers.get("content-type"),
        body: await request.text(),
      });
      const next = answers.shift();
      if (!next) throw new TypeError("Failed to fetch");
      return next();
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs a call while the fake clock moves on, so the retry's waits pass. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const result = await outcome;
  if ("error" in result) throw result.error;
  return result.value;
}

describe("apiFetch", () => {
  it("sends JSON and resolves with the parsed answer", async () => {
    answers.push(() => json(200, { playId: "p1" }));
    const body = await settle(apiFetch<{ playId: string }>("/api/quiz-plays", { json: { quizId: "q" } }));
    expect(body).toEqual({ playId: "p1" });
    expect(calls).toEqual([
      { url: "/api/quiz-plays", method: "POST", contentType: "application/json", body: '{"quizId":"q"}' },
    ]);
  });

  it("throws one error class with the status and the server's Swedish message and field", async () => {
    answers.push(() => json(400, { error: "Ogiltigt telefonnummer", field: "phone" }));
    const error = await settle(apiFetch("/api/admin/events", { method: "PATCH", json: {} })).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: "Ogiltigt telefonnummer",
      serverMessage: "Ogiltigt telefonnummer",
      field: "phone",
    });
    expect(apiErrorMessage(error, "reserv")).toBe("Ogiltigt telefonnummer");
  });

  it("falls back to the caller's words when the server gave none, and says so when it was never reached", async () => {
    answers.push(() => new Response("<html>", { status: 500 }));
    const serverError = await settle(apiFetch("/api/x")).catch((e) => e);
    expect(serverError).toMatchObject({ status: 500, serverMessage: undefined });
    expect(apiErrorMessage(serverError, "Ett oväntat fel inträffade")).toBe("Ett oväntat fel inträffade");

    const networkError = await settle(apiFetch("/api/x")).catch((e) => e);
    expect(networkError).toMatchObject({ status: 0 });
    expect(apiErrorMessage(networkError, "reserv")).toBe("Kunde inte nå servern. Kontrollera anslutningen.");
    expect(apiErrorMessage(new Error("boom"), "reserv")).toBe("reserv");
  });

  it("sends a POST the server shed again, unchanged, and resolves with the answer", async () => {
    answers.push(shed, () => json(200, { status: "accepted", count: 3 }));
    const body = await settle(apiFetch("/api/events/e1/beer", { json: { visitorId: "v" } }));
    expect(body).toEqual({ status: "accepted", count: 3 });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
  });

  it("does not send a POST again after a 503 that does not say it was shed: the server may have acted", async () => {
    answers.push(
      () => json(503, { error: "Bilden kan inte sparas just nu" }),
      () => json(200, {}),
    );
    const error = await settle(apiFetch("/api/admin/events", { json: {} })).catch((e) => e);
    expect(error).toMatchObject({ status: 503, message: "Bilden kan inte sparas just nu" });
    expect(calls).toHaveLength(1);
  });

  it("gives up after a bounded number of retries, with the server's busy message", async () => {
    answers.push(...Array(8).fill(shed));
    const error = await settle(apiFetch("/api/quiz-plays/p1")).catch((e) => e);
    expect(error).toMatchObject({ status: 503, message: SHED_MESSAGE });
    expect(calls).toHaveLength(4);
  });

  it("passes a multipart body through and stops when the caller aborts", async () => {
    answers.push(() => json(200, { ok: true }));
    const form = new FormData();
    form.set("title", "Quiz");
    await settle(apiFetch("/api/admin/events", { body: form }));
    expect(calls[0]?.method).toBe("POST");
    expect(calls[0]?.contentType).toMatch(/^multipart\/form-data/);

    answers.push(shed, () => json(200, {}));
    const controller = new AbortController();
    const pending = apiFetch("/api/x", { signal: controller.signal }).catch((e) => e);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    controller.abort(new DOMException("aborted", "AbortError"));
    expect(await pending).toMatchObject({ name: "AbortError" });
    expect(calls).toHaveLength(2);
  });
});
