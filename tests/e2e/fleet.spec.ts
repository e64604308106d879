import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BEER_JOB_NAME } from "~/features/beer-activity/beer-increment.server";
import { chooseAdminPassword } from "../support/first-admin";
import { findNginx, type Nginx, startNginx } from "../support/nginx";
import { startTestBucket, type TestBucket } from "../support/s3";
import {
  createPostgresDatabase,
  freePort,
  type SpawnedServer,
  spawnServer,
  stopServer,
  tempDataDir,
} from "../support/spawn-server";

const STORAGE_UNAVAILABLE =
  "Bilden kunde inte sparas just nu eftersom bildlagringen inte svarar. Försök igen om en stund.";

/**
 * A fleet as the README deploys it: two app instances (production build) on one PostgreSQL database and one
 * S3-compatible bucket (s3rver), behind nginx round-robin. Everything is driven through nginx over HTTP.
 * Needs nginx, TEST_DATABASE_URL and the production build; without them the suite is reported as skipped.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const NGINX = findNginx();
const missing = [
  !NGINX && "nginx",
  !SERVER_URL && "TEST_DATABASE_URL",
  !fs.existsSync("build/server/index.js") && "the production build",
].filter(Boolean);
const title = missing.length
  ? `fleet behind nginx (SKIPPED: ${missing.join(", ")} missing)`
  : "fleet: two instances, one PostgreSQL, one bucket, nginx round-robin";

const EVERY_2_SECONDS = "*/2 * * * * *";
const PAGE_CACHE_TTL_MS = 5_000;
// The visitor connects to nginx from another loopback address than nginx uses towards the instances, so
// the address the app records tells the visitor from the proxy.
const VISITOR_ADDRESS = "127.0.0.2";

let db: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let sql: postgres.Sql | undefined;
let s3: TestBucket | undefined;
let nginx: Nginx | undefined;
const apps: SpawnedServer[] = [];
const dirs: string[] = [];
let origin = "";
let adminCookie = "";
let event: { id: string; slug: string; citySlug: string; image: string } | undefined;
let jobSlots = 0;
const upstream = (i: number) => `127.0.0.1:${apps[i]?.port}`;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request through nginx, optionally from another local address. */
function viaNginx(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; from?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${pathname}`,
      {
        method: options.method ?? "GET",
        headers: {
          ...(options.body ? { "Content-Length": String(options.body.length) } : {}),
          ...options.headers,
        },
        localAddress: options.from,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const json = (reply: Reply) => JSON.parse(reply.body.toString("utf8"));

/** A multipart body as the admin form sends it. */
async function multipart(form: FormData) {
  const request = new Request("http://x/", { method: "POST", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type")!,
  };
}

function eventForm(fields: Record<string, string | string[]>, image?: Buffer) {
  const form = new FormData();
  const all = {
    title: "Flottans quiz",
    scheduleWeekday: ["Torsdag"],
    scheduleTime: ["19:00"],
    location: "Pelikan",
    city: "Malmö",
    quizType: ["Quiz"],
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) for (const item of [v].flat()) form.append(k, item);
  if (image) form.append("image", new File([new Uint8Array(image)], "bild.png", { type: "image/png" }));
  return form;
}

async function adminSend(method: string, pathname: string, form: FormData) {
  const { body, contentType } = await multipart(form);
  return viaNginx(pathname, {
    method,
    body,
    headers: { "Content-Type": contentType, Cookie: adminCookie, Origin: origin },
  });
}

const describeFleet = missing.length ? describe.skip : describe;
if (missing.length) console.warn(`Fleet test skipped: ${missing.join(", ")} missing.`);

describeFleet(title, { timeout: 60_000 }, () => {
  beforeAll(async () => {
    db = await createPostgresDatabase(SERVER_URL!);
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
    s3 = await startTestBucket();
    const nginxPort = await freePort();
    origin = `http://127.0.0.1:${nginxPort}`;
    const env = {
      ...s3.env,
      DATABASE_URL: db.url,
      AUTH_SECRET: "f".repeat(48),
      PUBLIC_URL: origin,
      TRUST_PROXY: "1",
      BEER_JOB_CRON: EVERY_2_SECONDS,
    };
    // One after the other: the first start on an empty database creates the admin account.
    for (let i = 0; i < 2; i++) {
      const dataDir = tempDataDir(`fleet-${i}`);
      dirs.push(dataDir);
      apps.push(await spawnServer({ ...env, DATA_DIR: dataDir }));
    }
    const created = /Admin account created: (\S+)\s+One-time password:\s+(\S+)/.exec(apps[0]!.output());
    if (!created) throw new Error(`no admin account in the first instance's output:\n${apps[0]!.output()}`);
    const nginxDir = tempDataDir("nginx");
    dirs.push(nginxDir);
    nginx = await startNginx(NGINX!, nginxDir, { port: nginxPort, upstreams: [upstream(0), upstream(1)] });

    const email = created[1]!;
    const password = await chooseAdminPassword(apps[0]!.baseUrl, { email, password: created[2]! }, origin);
    const signIn = await viaNginx("/api/auth/sign-in/email", {
      method: "POST",
      body: Buffer.from(JSON.stringify({ email, password })),
      headers: { "Content-Type": "application/json", Origin: origin },
    });
    expect(signIn.status, signIn.body.toString()).toBe(200);
    adminCookie = [signIn.headers["set-cookie"] ?? []]
      .flat()
      .map((c) => c.split(";")[0])
      .join("; ");
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    if (nginx) reportFigures(nginx);
    await Promise.all(apps.map((app) => stopServer(app)));
    await sql?.end();
    await db?.drop();
    await s3?.stop();
    s3?.remove();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stores an admin's upload in the bucket, and both instances serve it and one shared variant", async () => {
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    const created = await adminSend("POST", "/api/admin/events", eventForm({}, png));
    expect(created.status, created.body.toString()).toBe(201);
    event = json(created).event;
    expect(event!.image).toMatch(/^\/images\/event-images\/[0-9a-f-]{36}\.png$/);
    const key = event!.image.split("/").pop()!;
    expect(s3!.writes).toContain(`event-images/${key}`);

    // Round-robin: two requests in a row reach both instances, and each serves the same bytes.
    const originals = [await viaNginx(event!.image), await viaNginx(event!.image)];
    expect(new Set(originals.map((r) => r.headers["x-upstream"]))).toEqual(
      new Set([upstream(0), upstream(1)]),
    );
    for (const reply of originals) {
      expect(reply.status).toBe(200);
      expect(reply.body.equals(png)).toBe(true);
    }
    const variants = [await viaNginx(`${event!.image}?w=640`), await viaNginx(`${event!.image}?w=640`)];
    expect(new Set(variants.map((r) => r.headers["x-upstream"]))).toEqual(
      new Set([upstream(0), upstream(1)]),
    );
    for (const reply of variants) {
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("image/webp");
    }
    expect(variants[0]!.body.equals(variants[1]!.body)).toBe(true);
    // Resized once for the fleet: one write of the variant to the bucket.
    expect(s3!.writes.filter((k) => k === `event-images/w640/${key}.webp`)).toHaveLength(1);
    // Nothing on either instance's disk.
    for (const dir of dirs.slice(0, 2)) {
      expect(fs.existsSync(path.join(dir, "uploads"))).toBe(false);
      expect(fs.existsSync(path.join(dir, "cache"))).toBe(false);
    }
  });

  it("puts a visitor who skålade on one instance in cooldown on the other, and records the visitor's address", async () => {
    const visitorId = `flotta${Date.now().toString(36)}`;
    const skala = () =>
      viaNginx(`/api/events/${event!.id}/beer`, {
        method: "POST",
        body: Buffer.from(JSON.stringify({ visitorId })),
        headers: { "Content-Type": "application/json", Origin: origin },
        from: VISITOR_ADDRESS,
      });
    const first = await skala();
    const second = await skala();
    expect(first.headers["x-upstream"]).not.toBe(second.headers["x-upstream"]);
    expect(json(first)).toMatchObject({ status: "accepted" });
    expect(json(second)).toMatchObject({ status: "cooldown", remainingMinutes: 60 });
    // The rate limit is kept per client address: the visitor's, not nginx's (127.0.0.1).
    const keys = (await sql!`select key from rate_limits where key like 'beer:%'`).map((r) => r.key);
    expect(keys).toEqual([`beer:${VISITOR_ADDRESS}`]);
  });

  it("takes the client from nginx's entry, not from an X-Forwarded-For the visitor sent (TRUST_PROXY=1: one hop)", async () => {
    const reply = await viaNginx(`/api/events/${event!.id}/beer`, {
      method: "POST",
      body: Buffer.from(JSON.stringify({ visitorId: "forfalskad" })),
      headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": "198.51.100.7" },
      from: "127.0.0.3",
    });
    expect(reply.status).toBe(200);
    const keys = (await sql!`select key from rate_limits where key like 'beer:%' order by key`).map(
      (r) => r.key,
    );
    expect(keys).toEqual([`beer:${VISITOR_ADDRESS}`, "beer:127.0.0.3"]);
  });

  it("shows an admin edit made through one instance on the other within the page cache's lifetime", async () => {
    const page = `/quiz/${event!.citySlug}/${event!.slug}`;
    // Both instances have the page in their cache before the edit.
    const before = [await viaNginx(page), await viaNginx(page)];
    for (const reply of before) {
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).not.toContain("Stortorget 9");
    }
    const edited = await adminSend(
      "PATCH",
      `/api/admin/events/${event!.id}`,
      eventForm({ location: "Stortorget 9" }),
    );
    expect(edited.status, edited.body.toString()).toBe(200);
    const editedBy = edited.headers["x-upstream"];
    const other = editedBy === upstream(0) ? upstream(1) : upstream(0);
    const started = Date.now();
    let seenOnOther = -1;
    const freshOnOther = async () => {
      const reply = await viaNginx(page);
      expect(reply.status).toBe(200);
      const fresh = reply.body.toString().includes("Stortorget 9");
      // The instance that made the edit emptied its own cache at once.
      if (reply.headers["x-upstream"] === editedBy) expect(fresh).toBe(true);
      if (reply.headers["x-upstream"] === other && fresh && seenOnOther < 0)
        seenOnOther = Date.now() - started;
      return seenOnOther >= 0;
    };
    await expect.poll(freshOnOther, { timeout: PAGE_CACHE_TTL_MS + 3_000, interval: 250 }).toBe(true);
    expect(seenOnOther).toBeLessThanOrEqual(PAGE_CACHE_TTL_MS + 1_000);
  });

  it("runs the scheduled beer job once per slot across both instances", async () => {
    let rows: { slot: Date; status: string }[] = [];
    const succeeded = async () => {
      rows = await sql!`select slot, status from job_runs where job = ${BEER_JOB_NAME} order by slot`;
      return rows.filter((r) => r.status === "succeeded").length;
    };
    await expect.poll(succeeded, { timeout: 15_000, interval: 300 }).toBeGreaterThanOrEqual(3);
    const done = rows.filter((r) => r.status === "succeeded");
    expect(done.length).toBeGreaterThanOrEqual(3);
    const times = rows.map((r) => new Date(r.slot).getTime());
    expect(new Set(times).size).toBe(times.length);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(2_000);
    jobSlots = done.length;
  });

  it("refuses uploads with a Swedish message while the bucket is down, and keeps serving pages", async () => {
    await s3!.stop();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#a27" } })
      .png()
      .toBuffer();
    const refused = await adminSend("POST", "/api/admin/events", eventForm({ title: "Utan hink" }, png));
    expect(refused.status).toBe(503);
    expect(json(refused)).toEqual({ error: STORAGE_UNAVAILABLE, field: "image" });
    for (const pathname of ["/", "/", `/quiz/${event!.citySlug}/${event!.slug}`, "/quiz/malmo"]) {
      expect((await viaNginx(pathname)).status).toBe(200);
    }
    expect((await sql!`select count(*)::int as n from events where title = 'Utan hink'`)[0]?.n).toBe(0);
  });
});

/** Requests through nginx, their split between the instances and any error, from nginx's access log. */
function reportFigures(proxy: Nginx) {
  const lines = proxy.accessLog();
  const split = new Map<string, number>();
  let errors = 0;
  let refusedUploads = 0;
  for (const line of lines) {
    const match = /" (\d{3}) (\S+) (\S+)$/.exec(line);
    if (!match) continue;
    const route = match[2] ?? "";
    split.set(route, (split.get(route) ?? 0) + 1);
    const status = Number(match[1]);
    if (status === 503 && line.includes("POST /api/admin/events")) refusedUploads += 1;
    else if (status >= 500) errors += 1;
  }
  const shares = [...split].map(([addr, n]) => `${addr} ${n}`).join(", ");
  const nginxErrors = proxy
    .errorLog()
    .split("\n")
    .filter((l) => /\[(error|crit|alert|emerg)\]/.test(l));
  console.log(
    `fleet figures: ${lines.length} requests through nginx (${shares}); ${errors} unexpected 5xx; ` +
      `${refusedUploads} upload refused with the bucket down; ${nginxErrors.length} nginx error-log entries; ` +
      `${jobSlots} beer-job slots, each run once`,
  );
  expect(errors).toBe(0);
  expect(nginxErrors).toEqual([]);
}
