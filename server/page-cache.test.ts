import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { ContentScope } from "../app/lib/request-scope.server";
import { newRequestScope } from "../app/lib/request-scope.server";
import { createPageCache, type PageCacheOptions } from "./page-cache";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

async function start(options: Partial<PageCacheOptions> = {}) {
  let clock = 0;
  let renders = 0;
  let appRequests = 0;
  let databaseDown = false;
  let openGate: () => void = () => {};
  let gate = Promise.resolve();
  const cache = createPageCache(
    { ttlMs: 5_000, maxEntries: 3, maxBodyBytes: 50_000, ...options },
    () => clock,
  );
  const app = express();
  app.use((_req, _res, next) => {
    appRequests += 1;
    next();
  });
  app.use(cache.middleware);
  app.use(compression({ threshold: 0 }));
  // As server/request-handler.ts does: the page says what it shows (?shows=events,quizzes), and while the
  // database is down a page comes from the cache, however old, or is a 503.
  app.use((req, res, next) => {
    const scope = newRequestScope();
    const shows = typeof req.query.shows === "string" ? req.query.shows.split(",") : [];
    for (const s of shows) scope.shown.add(s as ContentScope);
    res.locals.requestScope = scope;
    if (!databaseDown || req.method !== "GET") return next();
    if (cache.serveStale(req, res)) return;
    res.status(503).send("nere");
  });
  app.get("/private", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "private");
    res.send(`private ${renders}`);
  });
  app.get("/cookie", (_req, res) => {
    renders += 1;
    res.cookie("a", "b").send(`cookie ${renders}`);
  });
  app.get("/missing", (_req, res) => {
    renders += 1;
    res.status(404).send("nej");
  });
  app.get("/slow", async (_req, res) => {
    renders += 1;
    const n = renders;
    await gate;
    res.type("html").send(`<p>slow render ${n}</p>`);
  });
  app.get("/{*splat}", (req, res) => {
    renders += 1;
    res.type("html").send(`<p>${req.originalUrl} render ${renders} ${"x".repeat(2_000)}</p>`);
  });
  app.post("/api/{*splat}", (_req, res) => {
    res.json({ ok: true });
  });
  app.post("/refused", (_req, res) => {
    res.status(405).json({ error: "Metoden stöds inte." });
  });
  // As server/server.ts does: a hit is served before the app sees the request.
  const server = http.createServer((req, res) => {
    if (!cache.serveHit(req, res, ["x-request-id", "fast"])) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    cache,
    renders: () => renders,
    appRequests: () => appRequests,
    closeGate: () => {
      gate = new Promise<void>((r) => {
        openGate = r;
      });
    },
    openGate: () => openGate(),
    advance: (ms: number) => {
      clock += ms;
    },
    setDatabaseDown: (down: boolean) => {
      databaseDown = down;
    },
  };
}

/** Caches /slow, lets it expire, and starts the request that renders its replacement (held at the gate). */
async function expireWhileRendering(t: Awaited<ReturnType<typeof start>>) {
  await (await fetch(`${t.base}/slow`)).text();
  t.advance(5_001);
  t.closeGate();
  const refresher = fetch(`${t.base}/slow`);
  await expect.poll(() => t.renders()).toBe(2);
  // Wrapped: an async function returning the bare promise would make the caller wait for the response.
  return { refresher };
}

describe("page cache", () => {
  it("serves a repeated anonymous page from the cache, compressed bytes and headers included", async () => {
    const t = await start();
    // Each body is read whole before the next request: the entry is stored once the response has finished.
    const first = await fetch(`${t.base}/quiz/goteborg?x=1`);
    const firstBody = await first.text();
    const second = await fetch(`${t.base}/quiz/goteborg?x=1`);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("content-type")).toMatch(/text\/html/);
    expect(await second.text()).toBe(firstBody);
    expect(t.renders()).toBe(1);
    // Another query string is another page; a client without gzip gets an uncompressed copy.
    await fetch(`${t.base}/quiz/goteborg?x=2`);
    const plain = await fetch(`${t.base}/quiz/goteborg?x=1`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(t.renders()).toBe(3);
  });

  it("never keeps a page whose address carries a visitor's position, whatever its value", async () => {
    const t = await start();
    for (const url of [
      "/?nara=57.709,11.975",
      "/quiz/goteborg.data?stad=x&nara=57.709%2C11.975",
      "/?NARA=zz",
    ]) {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${t.base}${url}`);
        await response.text();
        expect(response.headers.get("x-cache"), url).toBeNull();
      }
    }
    expect(t.renders()).toBe(6);
    expect(t.cache.size()).toBe(0);
    // Not even for an outage.
    t.setDatabaseDown(true);
    expect((await fetch(`${t.base}/?nara=57.709,11.975`)).status).toBe(503);
  });

  it("serves a hit before the app sees the request, with the stored headers and a request id", async () => {
    const t = await start();
    await (await fetch(`${t.base}/quiz/goteborg`)).text();
    expect(t.appRequests()).toBe(1);
    const hit = await fetch(`${t.base}/quiz/goteborg`);
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.headers.get("x-request-id")).toBe("fast");
    // One write of known length (the compressed bytes), not chunked.
    expect(Number(hit.headers.get("content-length"))).toBeGreaterThan(0);
    expect(hit.headers.get("transfer-encoding")).toBeNull();
    expect(hit.headers.get("content-type")).toMatch(/text\/html/);
    expect(t.appRequests()).toBe(1);
    const head = await fetch(`${t.base}/quiz/goteborg`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("hit");
    expect(t.appRequests()).toBe(1);
  });

  it("after the TTL, renders the page once while the requests meanwhile get the expired copy", async () => {
    const t = await start();
    const { refresher } = await expireWhileRendering(t);
    const meanwhile = await Promise.all([fetch(`${t.base}/slow`), fetch(`${t.base}/slow`)]);
    expect(meanwhile.map((r) => r.headers.get("x-cache"))).toEqual(["stale", "stale"]);
    expect(await meanwhile[0].text()).toMatch(/slow render 1/);
    expect(t.renders()).toBe(2);
    t.openGate();
    const refreshed = await refresher;
    expect(refreshed.headers.get("x-cache")).toBe("miss");
    expect(await refreshed.text()).toMatch(/slow render 2/);
    const next = await fetch(`${t.base}/slow`);
    expect(next.headers.get("x-cache")).toBe("hit");
    expect(await next.text()).toMatch(/slow render 2/);
  });

  it("renders again when the refresh of an expired page takes longer than 2 s", async () => {
    const t = await start();
    const { refresher } = await expireWhileRendering(t);
    t.advance(2_000);
    const second = fetch(`${t.base}/slow`);
    await expect.poll(() => t.renders()).toBe(3);
    t.openGate();
    expect((await second).headers.get("x-cache")).toBe("miss");
    expect((await refresher).headers.get("x-cache")).toBe("miss");
  });

  it("is not emptied by requests, whatever they answer: only what the writing code declares empties it", async () => {
    const t = await start();
    await (await fetch(`${t.base}/`)).text();
    // A write that changed no page (a skåla: 200), refused ones, an unknown path, an OPTIONS, a 5xx.
    expect((await fetch(`${t.base}/api/events/1/beer`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${t.base}/refused`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${t.base}/finns-inte`, { method: "POST" })).status).toBe(404);
    await fetch(`${t.base}/`, { method: "OPTIONS" });
    await fetch(`${t.base}/api/x`, { method: "DELETE" });
    const after = await fetch(`${t.base}/`);
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(t.cache.stats.invalidations).toBe(0);
    expect(t.renders()).toBe(1);
  });

  it("drops the pages showing changed content, and the pages that did not say what they show", async () => {
    const t = await start({ maxEntries: 10 });
    const paths = ["/?shows=events", "/quiz?shows=quizzes", "/both?shows=events,quizzes", "/unsaid"];
    for (const path of paths) await (await fetch(`${t.base}${path}`)).text();
    t.cache.invalidate(["quizzes"]);
    const cached = async () =>
      Promise.all(paths.map(async (p) => (await fetch(`${t.base}${p}`)).headers.get("x-cache")));
    expect(await cached()).toEqual(["hit", "miss", "miss", "miss"]);
    t.cache.invalidate(["events"]);
    expect(await cached()).toEqual(["miss", "hit", "miss", "miss"]);
    // An empty change is none.
    t.cache.invalidate([]);
    expect(await cached()).toEqual(["hit", "hit", "hit", "hit"]);
  });

  it("does not store a render that began before an invalidation", async () => {
    const t = await start();
    t.closeGate();
    const inFlight = fetch(`${t.base}/slow`);
    await expect.poll(() => t.renders()).toBe(1);
    t.cache.invalidate(["events"]);
    t.openGate();
    await (await inFlight).text();
    expect((await fetch(`${t.base}/slow`)).headers.get("x-cache")).toBe("miss");
  });

  it("while the database is down, serves a stored page however old, compressed as stored", async () => {
    const t = await start();
    const first = await fetch(`${t.base}/quiz/goteborg`);
    const body = await first.text();
    t.advance(24 * 60 * 60 * 1000);
    t.setDatabaseDown(true);
    const stale = await fetch(`${t.base}/quiz/goteborg`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("x-cache")).toBe("stale");
    expect(stale.headers.get("content-encoding")).toBe("gzip");
    expect(await stale.text()).toBe(body);
    // Served again (within the refresh window, by the fast path): the stale answer was not recorded as a
    // fresh render.
    const again = await fetch(`${t.base}/quiz/goteborg`);
    expect(again.headers.get("x-cache")).toBe("stale");
    await again.text();
    // No copy, or a visitor the cache never answers: the 503.
    expect((await fetch(`${t.base}/quiz/malmo`)).status).toBe(503);
    expect((await fetch(`${t.base}/quiz/goteborg`, { headers: { cookie: "s=1" } })).status).toBe(503);
    expect(t.renders()).toBe(1);
    expect(t.cache.stats.outageHits).toBe(1);
    t.setDatabaseDown(false);
    t.advance(2_000);
    const back = await fetch(`${t.base}/quiz/goteborg`);
    expect(back.headers.get("x-cache")).toBe("miss");
    expect(t.renders()).toBe(2);
  });

  it("keeps its stored bytes within maxTotalBytes, dropping the oldest first", async () => {
    const t = await start({ maxEntries: 100, maxTotalBytes: 2_500 });
    const plain = { headers: { "accept-encoding": "identity" } };
    for (const path of ["/a", "/b", "/c"]) await (await fetch(`${t.base}${path}`, plain)).text();
    expect(t.cache.bytes()).toBeLessThanOrEqual(2_500);
    expect(t.cache.size()).toBe(1);
    expect((await fetch(`${t.base}/c`, plain)).headers.get("x-cache")).toBe("hit");
    expect((await fetch(`${t.base}/a`, plain)).headers.get("x-cache")).toBe("miss");
  });

  it("expires entries after the TTL", async () => {
    const t = await start();
    await (await fetch(`${t.base}/`)).text();
    t.advance(4_999);
    expect((await fetch(`${t.base}/`)).headers.get("x-cache")).toBe("hit");
    t.advance(2);
    expect((await fetch(`${t.base}/`)).headers.get("x-cache")).toBe("miss");
  });

  it("never caches for signed-in visitors, the API, non-200s, cookies being set or private pages", async () => {
    const t = await start();
    for (const path of ["/private", "/cookie", "/missing", "/api/x", "/assets/app.js"]) {
      await fetch(`${t.base}${path}`);
      await fetch(`${t.base}${path}`);
    }
    await fetch(`${t.base}/`, { headers: { cookie: "session=1" } });
    await fetch(`${t.base}/`, { headers: { cookie: "session=1" } });
    expect(t.cache.size()).toBe(0);
    expect(t.renders()).toBe(12);
  });

  it("keeps at most maxEntries pages", async () => {
    const t = await start();
    for (const path of ["/a", "/b", "/c", "/d"]) await fetch(`${t.base}${path}`);
    expect(t.cache.size()).toBe(3);
    const body = await (await fetch(`${t.base}/d`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
    expect(body.byteLength).toBeGreaterThan(0);
  });
});
