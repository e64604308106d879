import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/lib/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a tarball of an in-memory data directory with every migration applied. */
    pgliteTemplateFile: string;
    /** PostgreSQL: a migrated database on the TEST_DATABASE_URL server that test databases copy. */
    postgresTemplateDatabase: string;
  }
}

/**
 * Migrates one template database per run, before any test file starts; each file then gets a copy of it
 * (tests/support/test-db.ts) instead of running every migration on an empty database. Created here, in
 * vitest's main process, so parallel workers never race to create it; the name is random, so two runs
 * on one PostgreSQL server do not share it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `qk_template_${randomBytes(6).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed before the copies start: PostgreSQL copies a template only while no one is connected to it.
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 1 });
    await handle.close();
    project.provide("postgresTemplateDatabase", name);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-it-template-"));
  const file = path.join(dir, "pglite.tar");
  const handle = await openDatabase({ kind: "pglite" });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplateFile", file);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
