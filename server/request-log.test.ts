import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { requestLog } from "./request-log";

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server with the request log in front, logging to an array; resolves once each request's line is in. */
async function loggedServer() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const app = express();
  app.use(requestLog(logger).middleware);
  app.all("/{*splat}", (_req, res) => {
    res.status(204).end();
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { lines, base: `http://127.0.0.1:${port}` };
}

describe("request log", () => {
  it("writes one line a request with the request id, and the URL without its tokens", async () => {
    const { lines, base } = await loggedServer();
    const secret = "hemligtTecken0123456789abcdefghij";
    const paths = [
      `/utskick/bekrafta/${secret}`,
      `/mina-quiz/${secret}/kalender.ics`,
      `/api/auth/magic-link/verify?token=${secret}&callbackURL=%2Fquizvard`,
      `/?nara=57.70%2C11.97`,
    ];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`, { headers: { "x-request-id": "req-1" } });
      expect(response.headers.get("x-request-id")).toBe("req-1");
    }
    await expect.poll(() => lines.length).toBe(paths.length);
    expect(lines.map((l) => [l.msg, l.requestId, l.status, l.url])).toEqual([
      ["request", "req-1", 204, "/utskick/bekrafta/[redacted]"],
      ["request", "req-1", 204, "/mina-quiz/[redacted]/kalender.ics"],
      ["request", "req-1", 204, "/api/auth/magic-link/verify?token=[redacted]&callbackURL=%2Fquizvard"],
      ["request", "req-1", 204, "/?nara=[redacted]"],
    ]);
    expect(JSON.stringify(lines)).not.toContain(secret);
    expect(JSON.stringify(lines)).not.toContain("57.70");
  });
});
