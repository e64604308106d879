import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

async function start() {
  let clock = 0;
  let renders = 0;
  let appRequests = 0;
  let openGate: () => void = () => {};
  let gate = Promise.resolve();
  const cache = createPageCache({ ttlMs: 5_000, maxEntries: 3, maxBodyBytes: 50_000 }, () => clock);
  const app = express();
  app.use((_req, _res, next) => {
    appRequests += 1;
    next();
  });
  app.use(cache.middleware);
  app.use(compression({ threshold: 0 }));
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

  it("is not emptied by requests that wrote nothing: a 405, an unknown path, an OPTIONS, a 5xx", async () => {
    const t = await start();
    await (await fetch(`${t.base}/`)).text();
    expect((await fetch(`${t.base}/refused`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`${t.base}/finns-inte`, { method: "POST" })).status).toBe(404);
    await fetch(`${t.base}/`, { method: "OPTIONS" });
    await fetch(`${t.base}/api/x`, { method: "DELETE" });
    const after = await fetch(`${t.base}/`);
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(t.cache.stats.clears).toBe(0);
    expect(t.renders()).toBe(1);
  });

  it("empties itself after a successful write, so the next load shows it", async () => {
    const t = await start();
    await (await fetch(`${t.base}/`)).text();
    await fetch(`${t.base}/api/events/1/beer`, { method: "POST" });
    const after = await fetch(`${t.base}/`);
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.text()).toMatch(/render 2/);
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
