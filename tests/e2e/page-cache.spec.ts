import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_CACHE } from "../../server/page-cache";
import { chooseAdminPassword } from "../support/first-admin";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * The page cache survives what visitors send (docs/decisions/022): a skåla, a sign-out, refused, rate-limited,
 * duplicate and no-op requests leave every cached page in place; an admin's edit of an event drops the
 * pages showing events and leaves the quiz pages. A server of its own, so no other test's writes interfere.
 */
let server: SpawnedServer;
let dataDir: string;
let adminCookie = "";
let eventId = "";
let eventPath = "";

/** Time enough after warming for one write and one look: a miss later could be the TTL running out. */
const CHECK_WITHIN_MS = DEFAULT_PAGE_CACHE.ttlMs - 1_500;

function get(path: string) {
  return fetch(`${server.baseUrl}${path}`, { headers: { "accept-encoding": "gzip" } });
}

function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: server.baseUrl, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function eventForm(title: string) {
  const form = new FormData();
  const fields: Record<string, string | string[]> = {
    title,
    scheduleWeekday: ["Torsdag"],
    scheduleTime: ["19:00"],
    location: "Cachepuben",
    city: "Malmö",
    quizType: ["Quiz"],
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
  };
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) form.append(k, item);
  return form;
}

function adminForm(method: string, path: string, form: FormData) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie: adminCookie, origin: server.baseUrl },
    body: form,
  });
}

/** Puts `paths` in the cache: each answers a hit on its second load. */
async function warm(paths: string[]) {
  for (const path of paths) {
    await (await get(path)).arrayBuffer();
    await expect.poll(async () => (await get(path)).headers.get("x-cache")).toBe("hit");
  }
}

/**
 * Runs `write` right after warming `paths`, and returns what each path answers next (x-cache), retrying
 * when the whole took so long that the TTL, not the write, could explain a miss.
 */
async function cacheAfter(paths: string[], write: () => Promise<void>): Promise<(string | null)[]> {
  for (;;) {
    await warm(paths);
    const warmedAt = performance.now();
    await write();
    const answers = [];
    for (const path of paths) {
      const response = await get(path);
      await response.arrayBuffer();
      answers.push(response.headers.get("x-cache"));
    }
    if (performance.now() - warmedAt < CHECK_WITHIN_MS) return answers;
  }
}

beforeAll(async () => {
  dataDir = tempDataDir("page-cache");
  server = await spawnServer({ DATA_DIR: dataDir });
  const created = /Admin account created: (\S+)\s+One-time password:\s+(\S+)/.exec(server.output());
  if (!created) throw new Error(`no admin account in the output:\n${server.output()}`);
  const email = created[1]!;
  const password = await chooseAdminPassword(server.baseUrl, { email, password: created[2]! });
  const signIn = await send("POST", "/api/auth/sign-in/email", { email, password });
  expect(signIn.status).toBe(200);
  adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const event = await adminForm("POST", "/api/admin/events", eventForm("Cachequizet"));
  expect(event.status).toBe(201);
  ({ id: eventId } = ((await event.json()) as { event: { id: string } }).event);
  eventPath = `/quiz/malmo/cachequizet`;
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("page cache and visitors' writes", () => {
  const pages = () => ["/", eventPath, "/veckans-nutidsquiz"];

  it("survives a skåla, also one refused by the cooldown", async () => {
    const visitorId = `cache${Date.now()}`;
    const skala = () => send("POST", `/api/events/${eventId}/beer`, { visitorId });
    expect(
      await cacheAfter(pages(), async () => {
        expect(await (await skala()).json()).toMatchObject({ status: "accepted", count: 1 });
      }),
    ).toEqual(["hit", "hit", "hit"]);
    expect(
      await cacheAfter(pages(), async () => {
        expect(await (await skala()).json()).toMatchObject({ status: "cooldown" });
      }),
    ).toEqual(["hit", "hit", "hit"]);
  });

  it("survives a sign-out without a session and a reset request for an unknown address", async () => {
    expect(
      await cacheAfter(pages(), async () => {
        expect((await send("POST", "/api/auth/sign-out", {})).status).toBeLessThan(400);
      }),
    ).toEqual(["hit", "hit", "hit"]);
    expect(
      await cacheAfter(pages(), async () => {
        const reset = await send("POST", "/api/auth/request-password-reset", {
          email: "finns-inte@example.se",
          redirectTo: "/admin",
        });
        expect(reset.status).toBe(200);
      }),
    ).toEqual(["hit", "hit", "hit"]);
  });

  it("survives refused requests: bad input, a suggestion caught by the honeypot, one over the rate limit", async () => {
    expect(
      await cacheAfter(pages(), async () => {
        expect((await send("POST", `/api/events/${eventId}/beer`, "{inte json")).status).toBe(400);
        expect((await send("PATCH", `/api/admin/events/${eventId}`, {})).status).toBe(401);
      }),
    ).toEqual(["hit", "hit", "hit"]);
    const honeypot = { venueName: "Robotpuben", city: "Malmö", website: "https://spam.example" };
    expect(
      await cacheAfter(pages(), async () => {
        expect((await send("POST", "/api/suggestions", honeypot)).status).toBe(201);
      }),
    ).toEqual(["hit", "hit", "hit"]);
    // The address's suggestions run out: the next is refused with 429.
    const statuses: number[] = [];
    expect(
      await cacheAfter(pages(), async () => {
        statuses.length = 0;
        for (let i = 0; i < 21; i++) statuses.push((await send("POST", "/api/suggestions", honeypot)).status);
      }),
    ).toEqual(["hit", "hit", "hit"]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("is emptied of the pages showing events by an admin's edit of an event, which the next load shows", async () => {
    expect(
      await cacheAfter(pages(), async () => {
        const edited = await adminForm("PATCH", `/api/admin/events/${eventId}`, eventForm("Cachequizet"));
        expect(edited.status).toBe(200);
      }),
    ).toEqual(["miss", "miss", "hit"]);
    const form = eventForm("Cachequizet");
    form.set("location", "Nya puben");
    await warm(pages());
    expect((await adminForm("PATCH", `/api/admin/events/${eventId}`, form)).status).toBe(200);
    const page = await get(eventPath);
    expect(page.headers.get("x-cache")).toBe("miss");
    expect(await page.text()).toContain("Nya puben");
  });
});
