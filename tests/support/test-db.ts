import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import postgres from "postgres";
import { inject } from "vitest";
import * as schema from "~/db/schema";
import { type DbHandle, openDatabase } from "~/lib/db.server";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server at TEST_DATABASE_URL (dropped again on close). Both are copies of the template that
 * tests/support/integration-global-setup.ts migrates once per run; without that template (a file run
 * outside the integration project) the migrations run on an empty database instead.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPgliteCopy();

  const template = inject("postgresTemplateDatabase");
  const name = `qk_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // On a copy the migrator finds every migration applied and only checks its journal.
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

let templateDump: Blob | undefined;

async function openPgliteCopy(): Promise<DbHandle> {
  const file = inject("pgliteTemplateFile");
  if (!file) return openDatabase({ kind: "pglite" });
  templateDump ??= new Blob([fs.readFileSync(file)]);
  const client = new PGlite({ loadDataDir: templateDump });
  await client.waitReady;
  return {
    db: drizzle({ client, schema }),
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}
