import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_HEADING, UNAVAILABLE_MESSAGE } from "~/lib/unavailable";
import { findPostgresBinaries, type PgCluster, startPgCluster } from "../support/pg-cluster";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * A database outage under a running server (docs/decisions/023): a PostgreSQL cluster of the test's own is
 * stopped and started again. Meanwhile anonymous pages come from the page cache however old, every other
 * page is the Swedish 503 page, every JSON endpoint a Swedish JSON 503; once the database is back the site
 * serves again without a restart. Needs the PostgreSQL server binaries (CI installs them) and the build.
 */
const binaries = findPostgresBinaries();
const missing = [
  "missing" in binaries && binaries.missing,
  !fs.existsSync("build/server/index.js") && "no production build",
].filter(Boolean);
const title = missing.length
  ? `database outage (SKIPPED: ${missing.join(", ")})`
  : "database outage: stale pages, Swedish 503s, recovery without a restart";
const describeOutage = missing.length ? describe.skip : describe;

let cluster: PgCluster | undefined;
let server: SpawnedServer | undefined;
const dirs: string[] = [];

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server!.baseUrl}${path}`, { headers: { "accept-encoding": "gzip", ...headers } });
}

function postJson(path: string, body: unknown) {
  return fetch(`${server!.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server!.baseUrl },
    body: JSON.stringify(body),
  });
}

async function expectSwedishJson503(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("retry-after")).toBe("1");
  expect(await response.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
}

describeOutage(title, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    if (!("bin" in binaries)) return;
    cluster = await startPgCluster(binaries.bin);
    const dataDir = tempDataDir("outage");
    dirs.push(dataDir);
    server = await spawnServer({ DATABASE_URL: cluster.url, AUTH_SECRET: "o".repeat(40), DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    cluster?.remove();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves cached pages past their TTL and Swedish 503s while the database is down, then recovers by itself", async () => {
    // Home into the cache, while the database answers.
    const first = await get("/");
    expect(first.status).toBe(200);
    const cached = Buffer.from(await first.arrayBuffer());
    expect((await get("/")).headers.get("x-cache")).toBe("hit");

    cluster!.stop();

    // Past its TTL the page is rendered again, which fails: the stored copy is served instead.
    let stale: Response | undefined;
    await expect
      .poll(
        async () => {
          stale = await get("/");
          return stale.headers.get("x-cache");
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe("stale");
    expect(stale!.status).toBe(200);
    expect(Buffer.from(await stale!.arrayBuffer()).equals(cached)).toBe(true);

    // A page nobody has cached, and a signed-in visitor's (never cached): the outage page in the site's shell.
    const anonymous: Record<string, string> = {};
    for (const headers of [anonymous, { cookie: "better-auth.session_token=x.y" }]) {
      const page = await get("/quiz/stockholm", headers);
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("retry-after")).toBe("1");
      const html = await page.text();
      expect(html).toContain(UNAVAILABLE_HEADING);
      expect(html).toContain('lang="sv"');
      expect(html).toContain('href="/veckans-nutidsquiz"');
      expect(html).not.toMatch(/Unexpected/);
    }
    // A client-side navigation's data: a 503 the browser's router shows as the same page, retried first.
    const data = await get("/quiz/stockholm.data");
    expect(data.status).toBe(503);
    expect(data.headers.get("x-load-shed")).toBe("1");
    expect(await data.text()).not.toMatch(/Unexpected/);

    // JSON endpoints, ours and better-auth's, read and write.
    await expectSwedishJson503(await get("/api/events/listing"));
    await expectSwedishJson503(
      await get("/api/beer-status?visitor=v1&events=00000000-0000-4000-8000-000000000000"),
    );
    await expectSwedishJson503(
      await postJson("/api/events/00000000-0000-4000-8000-000000000000/beer", { visitorId: "v1" }),
    );
    await expectSwedishJson503(
      await postJson("/api/quiz-plays/00000000-0000-4000-8000-000000000000/answers", {
        visitorId: "outage-visitor",
        questionId: "00000000-0000-4000-8000-000000000001",
        optionId: "00000000-0000-4000-8000-000000000002",
      }),
    );
    // A mail client's one-click unsubscribe (a resource route outside /api/) gets the same JSON.
    await expectSwedishJson503(
      await fetch(`${server!.baseUrl}/utskick/avsluta/okand-nyckel`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    await expectSwedishJson503(
      await postJson("/api/auth/sign-in/email", { email: "a@b.se", password: "hemligt" }),
    );
    await expectSwedishJson503(
      await get("/api/auth/get-session", { cookie: "better-auth.session_token=abc.def" }),
    );

    expect((await get("/readyz")).status).toBe(503);
    expect((await get("/healthz")).status).toBe(200);

    cluster!.start();

    // No restart: the site notices on its own and serves again.
    await expect
      .poll(async () => (await get("/quiz/stockholm")).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect((await get("/readyz")).status).toBe(200);
    expect((await get("/api/events/listing")).status).toBe(200);
    expect((await postJson("/api/auth/sign-in/email", { email: "a@b.se", password: "hemligt" })).status).toBe(
      401,
    );
  });
});
