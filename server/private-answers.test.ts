import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { markPublicFile, privateAnswers } from "./private-answers";

const SESSION = "better-auth.session_token=abc.def";
const SECURE_SESSION = "__Secure-better-auth.session_token=abc.def";
const PUBLIC = "public, max-age=600";
const PRIVATE_CACHE_CONTROL = "private, no-store";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-private-"));
fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
const app = express();
app.use(privateAnswers);
app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y", setHeaders: markPublicFile }));
app.use(express.static(dir, { maxAge: "1h", setHeaders: markPublicFile }));
app.get("/page", (_req, res) => {
  res.setHeader("Cache-Control", PUBLIC);
  res.send("<h1>Sida</h1>");
});
app.get("/sign-in", (_req, res) => {
  res.cookie("better-auth.session_token", "new.session").json({ ok: true });
});
app.get("/head-object", (_req, res) => {
  res.writeHead(200, { "Cache-Control": PUBLIC, "Content-Type": "text/plain" }).end("x");
});
app.get("/head-flat", (_req, res) => {
  res.writeHead(200, "OK", ["cache-control", PUBLIC, "content-type", "text/plain"]).end("x");
});
app.get("/stream", (_req, res) => {
  res.setHeader("Cache-Control", PUBLIC);
  res.write("a");
  res.end("b");
});
app.get("/images/events/:key", (_req, res) => {
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.end("bild");
});

const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
  const s = app.listen(0, "127.0.0.1", () => resolve(s));
});
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function cacheControl(url: string, cookie?: string) {
  const response = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  return response.headers.get("cache-control");
}

describe("private answers", () => {
  it("turn every answer to a request with a session cookie private, over what the route said", async () => {
    for (const cookie of [SESSION, SECURE_SESSION, `tema=mork; ${SESSION}; x=1`]) {
      for (const url of ["/page", "/head-object", "/head-flat", "/stream", "/saknas"]) {
        expect(await cacheControl(url, cookie), `${url} with ${cookie}`).toBe(PRIVATE_CACHE_CONTROL);
      }
    }
  });

  it("leave answers without a session as the route made them", async () => {
    expect(await cacheControl("/page")).toBe(PUBLIC);
    expect(await cacheControl("/page", "tema=mork; better-auth.other=1")).toBe(PUBLIC);
    expect(await cacheControl("/head-flat")).toBe(PUBLIC);
    expect(await cacheControl("/saknas")).toBeNull();
  });

  it("make an answer that sets the session cookie private, even to a request without one", async () => {
    expect(await cacheControl("/sign-in")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("leave static files and uploaded images public, session or not", async () => {
    expect(await cacheControl("/assets/favicon.svg", SESSION)).toBe("public, max-age=31536000, immutable");
    expect(await cacheControl("/favicon.svg", SESSION)).toBe("public, max-age=3600");
    expect(await cacheControl("/images/events/abc.webp", SESSION)).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  it("know the session cookie by its name only", async () => {
    expect(await cacheControl("/page")).toBe(PUBLIC);
    expect(await cacheControl("/page", "tema=mork")).toBe(PUBLIC);
    expect(await cacheControl("/page", "better-auth.session_token=")).toBe(PRIVATE_CACHE_CONTROL);
    expect(await cacheControl("/page", "xbetter-auth.session_token=1")).toBe(PUBLIC);
    expect(await cacheControl("/page", "a=better-auth.session_token")).toBe(PUBLIC);
  });
});
