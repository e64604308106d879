import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../app/lib/env.server";
import { clientIp } from "../app/lib/rate-limit.server";
import { resolveClientAddress } from "./client-address";

/** A real Express server with the production wiring, answering with the address the app would key on. */
const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function addressSeen(trustProxy: string | undefined, headers: Record<string, string>) {
  const app = express();
  resolveClientAddress(
    app,
    parseEnv(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }).TRUST_PROXY,
  );
  app.get("/", (req, res) => {
    const request = new Request("http://localhost/", {
      headers: req.headers as Record<string, string>,
    });
    res.send(clientIp(request));
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
}

describe("client address", () => {
  it("is the socket address without TRUST_PROXY, whatever the client claims", async () => {
    const claims = { "x-forwarded-for": "203.0.113.9", "x-quizkvall-client-ip": "203.0.113.10" };
    expect(await addressSeen(undefined, claims)).toBe("127.0.0.1");
  });

  it("behind one proxy (TRUST_PROXY=1) is the entry that proxy appended, not the client's own", async () => {
    // The socket is the proxy (127.0.0.1); it appended the visitor's address to what the visitor sent.
    const headers = { "x-forwarded-for": "1.1.1.1, 2.2.2.2, 198.51.100.7" };
    expect(await addressSeen("1", headers)).toBe("198.51.100.7");
    expect(await addressSeen("1", { "x-forwarded-for": "198.51.100.7" })).toBe("198.51.100.7");
  });

  it("with two hops or listed proxies skips exactly the trusted ones", async () => {
    const headers = { "x-forwarded-for": "1.1.1.1, 198.51.100.7, 10.0.0.5" };
    expect(await addressSeen("2", headers)).toBe("198.51.100.7");
    expect(await addressSeen("loopback,10.0.0.0/8", headers)).toBe("198.51.100.7");
    // A proxy that is not listed is where trust ends: its address is the client's.
    expect(await addressSeen("loopback", headers)).toBe("10.0.0.5");
  });
});
