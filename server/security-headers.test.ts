import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../app/lib/env.server";
import { securityHeaders } from "./security-headers";

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function headersFor(source: Record<string, string>, path = "/") {
  const app = express();
  app.use(securityHeaders(parseEnv(source)));
  app.use((_req, res) => {
    res.send(`nonce ${res.locals.cspNonce}`);
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { headers: response.headers, body: await response.text() };
}

describe("security headers", () => {
  it("give each response its own nonce, named in its policy", async () => {
    const first = await headersFor({});
    const second = await headersFor({});
    const nonceOf = (h: Headers) => /'nonce-([^']+)'/.exec(h.get("content-security-policy") ?? "")?.[1];
    expect(first.body).toBe(`nonce ${nonceOf(first.headers)}`);
    expect(nonceOf(first.headers)).not.toBe(nonceOf(second.headers));
    expect(first.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    // "Nära mig": the site's own pages may ask for the position, no frame may.
    expect(first.headers.get("permissions-policy")).toContain("geolocation=(self)");
  });

  it("let other sites frame an event's widget and nothing else, and the widget runs no script", async () => {
    const widget = await headersFor({}, "/quiz/goteborg/pubquiz-pa-bryggeriet/widget");
    const policy = widget.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors https: http:");
    expect(policy).toContain("script-src 'none'");
    expect(widget.headers.get("x-frame-options")).toBeNull();
    for (const path of [
      "/quiz/goteborg/pubquiz-pa-bryggeriet",
      "/quiz/goteborg/widget",
      "/quizvard/widget/x/widget",
    ]) {
      const other = await headersFor({}, path);
      expect(other.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(other.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("send HSTS and upgrade-insecure-requests only when PUBLIC_URL is https", async () => {
    const plain = await headersFor({ PUBLIC_URL: "http://quizkvall.test" });
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    const secure = await headersFor({ PUBLIC_URL: "https://quizkvall.se" });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("allow images from S3_PUBLIC_URL's origin", async () => {
    const { headers } = await headersFor({ S3_PUBLIC_URL: "https://cdn.quizkvall.se/bilder/" });
    expect(headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://cdn.quizkvall.se https://tile.openstreetmap.org;",
    );
  });

  it("allow the map tiles from exactly MAP_TILES_URL's origin", async () => {
    const osm = await headersFor({});
    expect(osm.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
    const own = await headersFor({ MAP_TILES_URL: "https://kartor.quizkvall.se:8443/osm/{z}/{x}/{y}.png" });
    expect(own.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://kartor.quizkvall.se:8443;",
    );
  });

  it("let Vite's hot reload connect in development", async () => {
    const { headers } = await headersFor({ NODE_ENV: "development" });
    expect(headers.get("content-security-policy")).toContain("connect-src 'self' ws: wss:");
  });
});
