import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, assert, describe, expect, it } from "vitest";
import { listReferencedImages } from "~/features/images/image-lifecycle.server";
import { serveImage } from "~/features/images/image-route.server";
import { openDatabase } from "~/lib/db.server";
import { getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { parseImageUrl } from "~/lib/storage.server";
import { runScript } from "../support/run-script";
import { testDatabaseKind } from "../support/test-db";

/**
 * The operator's commands as an operator runs them, on the database kind of this run: `npm run seed` after
 * the first start (an admin and a session exist, nothing else), then `db:backup` and `db:restore` into a
 * fresh DATA_DIR, whose images then all answer 200, and `storage:sweep`.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-cli-"));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A data directory, and on the PostgreSQL leg an empty database of its own. */
async function installation(name: string): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(tmp, `${name}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { DATA_DIR: dataDir };
  const database = `qk_cli_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${database}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

async function openInstallation(env: Record<string, string>) {
  return env.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: env.DATABASE_URL, maxConnections: 1 })
    : openDatabase({ kind: "pglite", dataDir: path.join(env.DATA_DIR!, "pglite") });
}

function run(script: string, env: Record<string, string>, args: string[] = []) {
  // The child's database is the installation's, never one this process was started with.
  const settings = { DATABASE_URL: undefined, NODE_ENV: "production", LOG_LEVEL: "silent" };
  return runScript(script, { ...settings, AUTH_SECRET: "x".repeat(32), ...env }, args);
}

describe(`operator commands on ${testDatabaseKind()}`, () => {
  it("seeds after the first start, backs up with images, restores into a fresh DATA_DIR", {
    timeout: 240_000,
  }, async () => {
    const first = await installation("first");
    // What the first start leaves: an admin with a role and a session, and no content.
    const handle = await openInstallation(first);
    await handle.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('first-admin', 'Administratör', 'admin@quizkvall.local', true, now(), now())`);
    await handle.db.execute(sql`insert into user_roles (user_id, role) values ('first-admin', 'admin')`);
    await handle.db.execute(sql`insert into session (id, token, user_id, expires_at, created_at, updated_at)
      values ('s-1', 'token-1', 'first-admin', now() + interval '1 day', now(), now())`);
    await handle.close();

    const seeded = await run("seed", first);
    expect(seeded.code, seeded.output).toBe(0);
    expect(seeded.output).toMatch(/Seeded \d+ events and \d+ quizzes\./);

    const file = path.join(tmp, "backup.ndjson.gz");
    const backup = await run("db-backup", first, [file]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/\d+ images from /);

    const fresh = await installation("fresh");
    const restore = await run("db-restore", fresh, [file]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/tables and [1-9]\d* images/);

    const restored = await openInstallation(fresh);
    const urls = await listReferencedImages(restored.db);
    await restored.close();
    expect(urls.size).toBeGreaterThan(5);
    const baseEnv = getEnv();
    setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: fresh.DATA_DIR, LOG_LEVEL: "silent" }));
    try {
      for (const url of urls) {
        const stored = parseImageUrl(url);
        assert(stored);
        const response = await serveImage(new Request(`http://localhost${url}`), stored.bucket, stored.key);
        expect(response.status, url).toBe(200);
      }
    } finally {
      setEnv(baseEnv);
    }

    const sweep = await run("storage-sweep", fresh, ["--dry-run"]);
    expect(sweep.code, sweep.output).toBe(0);
    expect(sweep.output).toContain(`0 unreferenced images would be removed, ${urls.size} kept.`);
  });
});
