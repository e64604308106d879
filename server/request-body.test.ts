import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createBodyReader } from "./request-body";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

async function start(limits: Partial<Parameters<typeof createBodyReader>[0]> = {}) {
  const reader = createBodyReader({
    jsonMaxBytes: 100,
    formMaxBytes: 1_000,
    idleTimeoutMs: 5_000,
    budgetBytes: 10_000,
    ...limits,
  });
  let handled = 0;
  const app = express();
  app.use(reader.middleware);
  app.all("/{*splat}", (_req, res) => {
    handled += 1;
    res.json({ bytes: res.locals.body?.length ?? null });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port, reader, handled: () => handled };
}

/** A chunked POST (no Content-Length) whose chunks are written by the test. */
function chunkedPost(port: number, contentType: string) {
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/x",
    headers: { "content-type": contentType, "transfer-encoding": "chunked" },
  });
  req.on("error", () => {});
  const response = new Promise<{ status: number; body: string }>((resolve) => {
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
  });
  return { req, response };
}

describe("request body reader", () => {
  it("hands the app the whole body once it has arrived", async () => {
    const t = await start();
    const res = await fetch(`${t.base}/api/x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: "x".repeat(50) }),
    });
    expect(await res.json()).toEqual({ bytes: 58 });
  });

  it("refuses a declared Content-Length over the limit with 413 before reading it", async () => {
    const t = await start();
    const big = await fetch(`${t.base}/p`, { method: "POST", body: "x".repeat(101) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "Förfrågan är för stor." });
    expect((await fetch(`${t.base}/p`, { method: "POST", body: "x".repeat(100) })).status).toBe(200);
    expect(t.handled()).toBe(1);
  });

  it("cuts a chunked body off with 413 as soon as it passes the limit, and keeps none of it", async () => {
    const t = await start();
    const { req, response } = chunkedPost(t.port, "application/json");
    req.write("x".repeat(60));
    req.write("x".repeat(60));
    const answer = await response;
    req.destroy();
    expect(answer.status).toBe(413);
    expect(t.handled()).toBe(0);
    expect(t.reader.buffered()).toBe(0);
  });

  it("lets a form (an upload) up to the larger form limit", async () => {
    const t = await start();
    const form = await fetch(`${t.base}/p`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=".padEnd(900, "x"),
    });
    expect(await form.json()).toEqual({ bytes: 900 });
    const tooBig = await fetch(`${t.base}/p`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=".padEnd(1_001, "x"),
    });
    expect(tooBig.status).toBe(413);
  });

  it("answers 408 to a body that stops arriving", async () => {
    const t = await start({ idleTimeoutMs: 50 });
    const { req, response } = chunkedPost(t.port, "application/json");
    req.write("{");
    const answer = await response;
    req.destroy();
    expect(answer.status).toBe(408);
    expect(t.handled()).toBe(0);
    expect(t.reader.buffered()).toBe(0);
  });

  it("sheds a body once all bodies in memory together pass the budget, and frees the budget after", async () => {
    const t = await start({ jsonMaxBytes: 600, budgetBytes: 1_000 });
    const a = chunkedPost(t.port, "application/json");
    a.req.write("x".repeat(600));
    await expect.poll(() => t.reader.buffered()).toBe(600);
    const b = chunkedPost(t.port, "application/json");
    b.req.write("x".repeat(500));
    const refused = await b.response;
    b.req.destroy();
    expect(refused.status).toBe(503);
    a.req.end();
    expect(await a.response).toEqual({ status: 200, body: JSON.stringify({ bytes: 600 }) });
    await expect.poll(() => t.reader.buffered()).toBe(0);
  });
});
