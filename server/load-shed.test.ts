import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLoadShedder, isVisitorWrite } from "./load-shed";

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** An app whose handler waits until the test opens the gate, so requests pile up on purpose. */
async function start(options: Parameters<typeof createLoadShedder>[0], now?: () => number) {
  let open: () => void = () => {};
  let gate = new Promise<void>((r) => {
    open = r;
  });
  // "/late/…" reaches the shedder only when the test says so, like a request held up by earlier
  // asynchronous middleware (the static-file lookup) while its client gives up.
  let openLate: () => void = () => {};
  const late = new Promise<void>((r) => {
    openLate = r;
  });
  const closed = { count: 0, received: 0 };
  let rendered = 0;
  const shedder = createLoadShedder(options, now);
  const app = express();
  app.use((req, res, next) => {
    closed.received += 1;
    res.once("close", () => {
      closed.count += 1;
    });
    if (req.path.startsWith("/late")) void late.then(() => next());
    else next();
  });
  app.use(shedder.middleware);
  app.all("/{*splat}", async (_req, res) => {
    rendered += 1;
    await gate;
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    shedder,
    closed,
    rendered: () => rendered,
    openLate,
    openGate: () => {
      open();
      gate = Promise.resolve();
    },
  };
}

describe("load shedder", () => {
  it("runs at most maxInFlight, queues the next ones and sheds the rest at once with 503 + Retry-After", async () => {
    const { base, shedder, openGate } = await start({ maxInFlight: 2, maxQueue: 2, queueTimeoutMs: 5_000 });
    const pending = Array.from({ length: 6 }, () => fetch(`${base}/x`));
    // The two beyond in-flight + queue are refused without waiting for the gate.
    await expect.poll(() => shedder.stats.shed).toBe(2);
    expect(shedder.state()).toEqual({ inFlight: 2, queued: 2 });
    openGate();
    const responses = await Promise.all(pending);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503]);
    const refused = responses.find((r) => r.status === 503)!;
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-load-shed")).toBe("1");
    expect(await refused.text()).toMatch(/Försök igen/);
    // Recovers at once: nothing in flight, nothing queued, the next request goes straight through.
    expect(shedder.state()).toEqual({ inFlight: 0, queued: 0 });
    expect((await fetch(`${base}/y`)).status).toBe(200);
  });

  it("sheds a queued request that waited longer than the queue timeout", async () => {
    const { base, shedder, openGate } = await start({ maxInFlight: 1, maxQueue: 5, queueTimeoutMs: 100 });
    const first = fetch(`${base}/a`);
    const second = await fetch(`${base}/b`);
    expect(second.status).toBe(503);
    expect(shedder.state().queued).toBe(0);
    openGate();
    expect((await first).status).toBe(200);
  });

  it("drops a queued request whose client went away", async () => {
    const { base, shedder, openGate } = await start({ maxInFlight: 1, maxQueue: 5, queueTimeoutMs: 5_000 });
    const first = fetch(`${base}/a`);
    const controller = new AbortController();
    const second = fetch(`${base}/b`, { signal: controller.signal }).catch((e: Error) => e.name);
    await expect.poll(() => shedder.state().queued).toBe(1);
    controller.abort();
    expect(await second).toBe("AbortError");
    await expect.poll(() => shedder.state().queued).toBe(0);
    openGate();
    expect((await first).status).toBe(200);
    expect(shedder.state()).toEqual({ inFlight: 0, queued: 0 });
  });

  it("never gives a slot to a request whose client left before it reached the shedder", async () => {
    const { base, shedder, closed, rendered, openLate, openGate } = await start({
      maxInFlight: 1,
      maxQueue: 5,
      queueTimeoutMs: 5_000,
    });
    const controller = new AbortController();
    const gone = fetch(`${base}/late`, { signal: controller.signal }).catch((e: Error) => e.name);
    await expect.poll(() => closed.received).toBe(1);
    controller.abort();
    expect(await gone).toBe("AbortError");
    await expect.poll(() => closed.count).toBe(1);
    openLate();
    await expect.poll(() => shedder.stats.gone).toBe(1);
    // Nothing was rendered for nobody, and the only slot is free at once for the next visitor.
    expect(shedder.state()).toEqual({ inFlight: 0, queued: 0 });
    expect(rendered()).toBe(0);
    openGate();
    expect((await fetch(`${base}/next`)).status).toBe(200);
    expect(shedder.state()).toEqual({ inFlight: 0, queued: 0 });
  });

  it("does not render a request whose client sent it and hung up at once (a dead connection from the accept queue)", async () => {
    const { base, shedder, rendered, openGate } = await start({
      maxInFlight: 1,
      maxQueue: 5,
      queueTimeoutMs: 5_000,
    });
    openGate();
    const { port } = new URL(base);
    // The request and the client's FIN arrive together, as they do for a connection that waited in the
    // kernel's queue until after its client gave up.
    const closedBy = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.end("GET /dead HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      });
      let received = "";
      socket.on("data", (d) => {
        received += d;
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(received));
    });
    expect(closedBy).toBe("");
    await expect.poll(() => shedder.stats.gone).toBe(1);
    expect(rendered()).toBe(0);
    expect(shedder.state()).toEqual({ inFlight: 0, queued: 0 });
    // A live client right after is served at once.
    expect((await fetch(`${base}/next`)).status).toBe(200);
    expect(rendered()).toBe(1);
  });

  it("reports itself stuck only when every slot has been held longer than stuckAfterMs", async () => {
    let clock = 1_000;
    const { base, shedder, openGate } = await start(
      { maxInFlight: 2, maxQueue: 5, queueTimeoutMs: 60_000, stuckAfterMs: 10_000 },
      () => clock,
    );
    const first = fetch(`${base}/a`);
    expect(shedder.stuck()).toBe(false);
    const second = fetch(`${base}/b`);
    await expect.poll(() => shedder.state().inFlight).toBe(2);
    clock += 10_000;
    expect(shedder.stuck()).toBe(false);
    clock += 1;
    expect(shedder.stuck()).toBe(true);
    openGate();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(shedder.stuck()).toBe(false);
  });
});

describe("isVisitorWrite", () => {
  it("gives skålor and quiz-play posts their own slots, and nothing else", () => {
    expect(isVisitorWrite("POST", "/api/events/0b7c/beer")).toBe(true);
    expect(isVisitorWrite("POST", "/api/quiz-plays")).toBe(true);
    expect(isVisitorWrite("POST", "/api/quiz-plays/abc/answers")).toBe(true);
    expect(isVisitorWrite("GET", "/api/quiz-plays/abc")).toBe(false);
    expect(isVisitorWrite("POST", "/api/auth/sign-in/email")).toBe(false);
    expect(isVisitorWrite("POST", "/api/reports")).toBe(false);
    expect(isVisitorWrite("POST", "/api/events/x/beer/more")).toBe(false);
    expect(isVisitorWrite("POST", "/admin/events")).toBe(false);
  });
});
