import { describe, expect, it, vi } from "vitest";
import { routerFetch, SHED_HEADER, withShedRetry } from "./shed-retry";

const shedAfter = (retryAfter: string | null) => () =>
  new Response("Quizkväll har mycket att göra just nu.", {
    status: 503,
    headers: { [SHED_HEADER]: "1", ...(retryAfter === null ? {} : { "Retry-After": retryAfter }) },
  });
const shed = shedAfter("1");

function scripted(responses: (() => Response)[]) {
  const calls: { url: string; method: string; body: string }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(typeof input === "string" ? new URL(input, "http://x.test") : input, init);
    calls.push({ url: request.url, method: request.method, body: await request.text() });
    const next = responses.shift();
    if (!next) throw new Error("no more responses");
    return next();
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const noSleep = async () => {};

describe("retry of shed requests", () => {
  it("sends a shed request again until it is answered, body and method intact", async () => {
    const { fetchImpl, calls } = scripted([shed, shed, () => new Response("ok")]);
    const retrying = withShedRetry(fetchImpl, { sleep: noSleep });
    const response = await retrying("http://x.test/quiz/goteborg.data", { method: "POST", body: "a=1" });
    expect(await response.text()).toBe("ok");
    expect(calls).toEqual(
      Array(3).fill({ url: "http://x.test/quiz/goteborg.data", method: "POST", body: "a=1" }),
    );
  });

  it("replays a Request object's own body on every attempt", async () => {
    const { fetchImpl, calls } = scripted([shed, () => new Response("ok")]);
    const retrying = withShedRetry(fetchImpl, { sleep: noSleep });
    await retrying(new Request("http://x.test/api/beer", { method: "POST", body: '{"id":1}' }));
    expect(calls.map((c) => c.body)).toEqual(['{"id":1}', '{"id":1}']);
  });

  it("gives up after three retries and returns the last 503", async () => {
    const { fetchImpl, calls } = scripted(Array(6).fill(shed));
    const response = await withShedRetry(fetchImpl, { sleep: noSleep })("http://x.test/");
    expect(response.status).toBe(503);
    expect(calls).toHaveLength(4);
  });

  it("leaves other 503s and errors alone: the server may have acted on them", async () => {
    const { fetchImpl, calls } = scripted([() => new Response("down", { status: 503 })]);
    const response = await withShedRetry(fetchImpl, { sleep: noSleep })("http://x.test/");
    expect(response.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("stops waiting when the navigation is aborted", async () => {
    const { fetchImpl, calls } = scripted([shed, () => new Response("ok")]);
    const controller = new AbortController();
    const pending = withShedRetry(fetchImpl)("http://x.test/", { signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort(new DOMException("aborted", "AbortError"));
    await expect(pending).rejects.toThrow("aborted");
    expect(calls).toHaveLength(1);
  });

  it("waits Retry-After, doubling per attempt, with jitter, capped at 5 s", async () => {
    const delaysFor = async (retryAfter: string | null, random: number) => {
      const delays: number[] = [];
      const { fetchImpl } = scripted([...Array(3).fill(shedAfter(retryAfter)), () => new Response("ok")]);
      const sleep = async (ms: number) => void delays.push(ms);
      await withShedRetry(fetchImpl, { sleep, random: () => random })("http://x.test/");
      return delays;
    };
    expect(await delaysFor("1", 0.5)).toEqual([1_000, 2_000, 4_000]);
    expect(await delaysFor("2", 0)).toEqual([1_000, 2_000, 4_000]);
    expect(await delaysFor(null, 0.999)).toEqual([1_499, 2_998, 5_000]);
    expect(await delaysFor("soon", 0.5)).toEqual([1_000, 2_000, 4_000]);
    expect(await delaysFor("4", 0.5)).toEqual([4_000, 5_000, 5_000]);
  });
});

describe("React Router's data requests", () => {
  const origin = "http://x.test";

  it("are told apart from every other request", async () => {
    const isRetried = async (input: RequestInfo | URL) => {
      const { fetchImpl, calls } = scripted([shed, () => new Response("ok")]);
      await routerFetch(fetchImpl, origin, { sleep: noSleep })(input);
      return calls.length === 2;
    };
    expect(await isRetried("/quiz/goteborg.data")).toBe(true);
    expect(await isRetried("http://x.test/_root.data?_routes=root")).toBe(true);
    expect(await isRetried(new URL("http://x.test/admin.data"))).toBe(true);
    expect(await isRetried(new Request("http://x.test/quiz.data"))).toBe(true);
    expect(await isRetried("/api/reports")).toBe(false);
    expect(await isRetried("https://elsewhere.test/a.data")).toBe(false);
    expect(await isRetried("/images/data")).toBe(false);
  });

  it("are retried when shed, while other requests reach the browser's fetch once", async () => {
    const data = scripted([shed, () => new Response("page")]);
    const retrying = routerFetch(data.fetchImpl, origin, { sleep: noSleep });
    expect(await (await retrying("http://x.test/quiz/goteborg.data")).text()).toBe("page");
    expect(data.calls).toHaveLength(2);

    const other = scripted([shed]);
    const plain = routerFetch(other.fetchImpl, origin, { sleep: noSleep });
    expect((await plain("http://x.test/api/reports")).status).toBe(503);
    expect(other.calls).toHaveLength(1);
  });
});
