import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * Property-based bad input against every route in app/routes.ts (read at run time, so routes merged later
 * are covered without editing this file): malformed identifiers, query strings, headers and bodies (JSON,
 * forms, multipart files, raw bytes) with every method. The server must never answer 5xx (a 503 from the
 * load shedder is not expected at this low concurrency either), must stay up, and a rejected request must
 * write nothing. Runs on a server of its own, so its rate-limit hits and garbage never touch other tests.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const CONCURRENCY = 4;
// Tables a rejected request may legitimately touch: rate-limit counters, sessions, scheduler bookkeeping.
const BOOKKEEPING = new Set(["rate_limit", "rate_limits", "session", "verification", "job_runs"]);

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every route pattern as a URL path, parents joined with their children. */
function routePatterns(entries: RouteEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.index || entry.path) out.push(`/${joined}`);
    if (entry.children) out.push(...routePatterns(entry.children, joined));
  }
  return [...new Set(out)];
}

type Known = { eventIds: string[]; eventSlugs: string[]; quizIds: string[]; quizSlugs: string[] };

let server: SpawnedServer;
let dataDir: string;
let known: Known;
let baseline: Record<string, number>;

async function readDatabase() {
  const client = new PGlite(path.join(dataDir, "pglite"));
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    )
  ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const t of tables) {
    counts[t] = (await client.query<{ n: number }>(`select count(*)::int as n from "${t}"`)).rows[0]?.n ?? 0;
  }
  const ids = async (q: string) => (await client.query<{ v: string }>(q)).rows.map((r) => r.v);
  const k: Known = {
    eventIds: await ids(`select id::text as v from events limit 5`),
    eventSlugs: await ids(`select slug as v from events limit 5`),
    quizIds: await ids(`select id::text as v from quizzes limit 5`),
    quizSlugs: await ids(`select title_slug as v from quizzes limit 5`),
  };
  await client.close();
  return { counts, known: k };
}

beforeAll(async () => {
  dataDir = tempDataDir("fuzz");
  // First start seeds the demo content; read it while the server is down (PGlite is single-process).
  await stopServer(await spawnServer({ DATA_DIR: dataDir }));
  const first = await readDatabase();
  known = first.known;
  baseline = first.counts;
  server = await spawnServer({ DATA_DIR: dataDir });
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Text with NUL, other C0/C1 controls and invisible format characters mixed in (PostgreSQL refuses NUL). */
const controlText = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        "\u0000",
        "\u0001",
        "\u0007",
        "\b",
        "\u000b",
        "\u001b",
        "\u007f",
        "\u0085",
        "\u009f",
        "\n",
        "\t",
        // Invisible format characters: a bidi override and isolate, zero-width space and joiner, BOM.
        "\u202e",
        "\u2066",
        "\u200b",
        "\u200d",
        "\ufeff",
      ),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(""));

const nasty = fc.constantFrom(
  "",
  "%",
  "%E0%A4%A",
  "%00",
  "a%00b",
  "%01%1B%7F",
  "%C2%85",
  "x%0Ay",
  "..%2F..%2Fetc%2Fpasswd",
  "'; drop table events; --",
  "00000000-0000-0000-0000-000000000000",
  "-1",
  "1e309",
  "NaN",
  "%F0%9F%8D%BA",
  "x".repeat(3000),
  "<script>alert(1)</script>",
  "göteborg",
  "GOTEBORG",
  "undefined",
  "null",
  "__proto__",
);

const identifier = (k: Known) =>
  fc.oneof(
    fc.constantFrom(
      ...k.eventIds,
      ...k.eventSlugs,
      ...k.quizIds,
      ...k.quizSlugs,
      "goteborg",
      "stockholm",
      "malmo",
    ),
    nasty,
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    controlText.map(encodeURIComponent),
    fc.uuid(),
    fc.integer().map(String),
  );

function fillPattern(pattern: string, ids: string[]) {
  let i = 0;
  const next = () => ids[i++ % ids.length] ?? "x";
  return pattern
    .split("/")
    .map((seg) => {
      if (seg === "*") return `${next()}/${next()}`;
      if (seg.startsWith(":")) return seg.endsWith("?") && ids[0] === "" ? "" : next();
      return seg;
    })
    .join("/")
    .replace(/\/+/g, "/");
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  fc.record({ kind: fc.constant("json" as const), value: jsonValue }),
  fc.record({
    kind: fc.constant("json-object" as const),
    value: fc.dictionary(
      fc.constantFrom(
        "visitorId",
        "optionId",
        "questionId",
        "email",
        "password",
        "name",
        "intent",
        "vote",
        "title",
        "city",
        "id",
      ),
      fc.oneof(jsonValue, fc.string({ maxLength: 300 }), controlText),
    ),
  }),
  fc.record({ kind: fc.constant("raw" as const), value: fc.uint8Array({ maxLength: 2_000 }) }),
  fc.record({
    kind: fc.constant("form" as const),
    value: fc.dictionary(
      fc.oneof(
        fc.constantFrom("intent", "title", "city", "id", "visitorId", "_action"),
        fc.string({ maxLength: 20 }),
      ),
      fc.oneof(fc.string({ maxLength: 500 }), controlText),
    ),
  }),
  fc.record({
    kind: fc.constant("multipart" as const),
    value: fc.record({
      field: fc.constantFrom("image", "file", "intent", "title"),
      bytes: fc.uint8Array({ maxLength: 5_000 }),
      type: fc.constantFrom("image/png", "image/jpeg", "application/octet-stream", "text/html", ""),
      name: fc.oneof(fc.constantFrom("bild.png", "../../x.png", "a.svg", ""), fc.string({ maxLength: 30 })),
    }),
  }),
);

const headerValue = fc.string({ maxLength: 200, unit: fc.constantFrom(..."abcXYZ019 ;=,/-_.*\"'%()") });
const request = (k: Known, patterns: string[]) =>
  fc.record({
    pattern: fc.constantFrom(...patterns),
    ids: fc.array(identifier(k), { minLength: 1, maxLength: 3 }),
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom("q", "sok", "page", "stad", "dag", "_data", "index"),
          fc.string({ maxLength: 10 }),
        ),
        fc.oneof(nasty, fc.string({ maxLength: 50 }), controlText.map(encodeURIComponent)),
      ),
      { maxLength: 4 },
    ),
    method: fc.constantFrom("GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"),
    body,
    contentType: fc.option(
      fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "application/json; charset=latin1",
      ),
      { nil: undefined },
    ),
    headers: fc.dictionary(
      fc.constantFrom(
        "accept",
        "accept-language",
        "cookie",
        "origin",
        "referer",
        "x-forwarded-for",
        "x-requested-with",
        "if-none-match",
        "range",
        "accept-encoding",
      ),
      headerValue,
      { maxKeys: 4 },
    ),
  });

type Req = ReturnType<typeof request> extends fc.Arbitrary<infer R> ? R : never;

function buildInit(r: Req): { url: string; init: RequestInit } {
  const pathPart = fillPattern(r.pattern, r.ids);
  // Query strings are built by hand so malformed percent-escapes reach the server as they are.
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&");
  const url = `${server.baseUrl}${pathPart.startsWith("/") ? "" : "/"}${pathPart}${qs ? `?${qs}` : ""}`;
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) headers.set(k, v);
  let payload: BodyInit | undefined;
  if (!["GET", "HEAD"].includes(r.method)) {
    const b = r.body;
    if (b.kind === "json" || b.kind === "json-object") payload = JSON.stringify(b.value);
    else if (b.kind === "raw") payload = b.value;
    else if (b.kind === "form") payload = new URLSearchParams(b.value as Record<string, string>);
    else {
      const form = new FormData();
      form.append(b.value.field, new Blob([b.value.bytes], { type: b.value.type }), b.value.name || "x");
      payload = form;
    }
    if (r.contentType && !(payload instanceof FormData)) headers.set("content-type", r.contentType);
  }
  return { url, init: { method: r.method, headers, body: payload, redirect: "manual" } };
}

describe("bad input", () => {
  it("answers a path with %00 or another encoded control character with the 404 page", async () => {
    const paths = [
      "/%00",
      "/quiz/goteborg/%00",
      "/quiz/a%00b",
      "/veckans-nutidsquiz/spela/%00",
      "/veckans-nutidsquiz/x%1By",
      "/api/auth/reset-password/%00",
      "/images/quiz-images/a%00.png",
      `/quiz/${known.eventSlugs[0] ?? "goteborg"}%C2%85`,
    ];
    for (const p of paths) {
      const page = await fetch(`${server.baseUrl}${p}`, { redirect: "manual" });
      expect(page.status, p).toBe(404);
      expect(page.headers.get("content-type"), p).toMatch(/text\/html/);
      await page.arrayBuffer();
      const post = await fetch(`${server.baseUrl}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(post.status, `POST ${p}`).toBe(404);
      await post.arrayBuffer();
    }
  });

  it(`answers ${RUNS} × ${CONCURRENCY} malformed requests on every route without a 5xx, and writes nothing it rejects`, async () => {
    const patterns = routePatterns(routes as RouteEntry[]);
    // Endpoints the server itself serves, outside the route table.
    patterns.push("/healthz", "/readyz", "/images/:a/:b", "/assets/:a");
    const failures: string[] = [];
    const acceptedWrites: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(request(known, patterns), { minLength: CONCURRENCY, maxLength: CONCURRENCY }),
        async (batch) => {
          await Promise.all(
            batch.map(async (r) => {
              let built: ReturnType<typeof buildInit>;
              try {
                built = buildInit(r);
              } catch {
                return; // the client refuses to build it (invalid header bytes): nothing reaches the server
              }
              let res: Response;
              try {
                res = await fetch(built.url, built.init);
              } catch (error) {
                // fetch itself refuses some URLs; any other failure means the server dropped the connection.
                if ((error as Error).name === "TypeError" && !/fetch failed/.test((error as Error).message))
                  return;
                failures.push(
                  `${r.method} ${built.url.slice(0, 200)} → connection error ${(error as Error).message}`,
                );
                return;
              }
              sent += 1;
              await res.arrayBuffer().catch(() => {});
              if (res.status >= 500)
                failures.push(`${r.method} ${built.url.slice(0, 200)} (${r.body.kind}) → ${res.status}`);
              if (!["GET", "HEAD", "OPTIONS"].includes(r.method) && res.status < 300)
                acceptedWrites.push(`${r.method} ${built.url.slice(0, 120)} → ${res.status}`);
            }),
          );
          return true;
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000) },
    );
    expect(failures.slice(0, 20), `${failures.length} of ${sent} requests failed`).toEqual([]);
    expect(sent).toBeGreaterThan(RUNS * CONCURRENCY * 0.8);
    // Still up and healthy afterwards.
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);

    await stopServer(server);
    const after = await readDatabase();
    const changed = Object.keys(after.counts).filter(
      (t) => !BOOKKEEPING.has(t) && after.counts[t] !== baseline[t],
    );
    // Content tables may only change when some write was accepted (a fuzzed body that is valid input).
    if (acceptedWrites.length === 0) expect(changed).toEqual([]);
    else expect(changed.length).toBeLessThanOrEqual(acceptedWrites.length);
  }, 600_000);
});
