import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import type { sql } from "drizzle-orm";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "~/db/schema";
import { refuseWhileDatabaseDown } from "./db-availability.server";
import { currentRequestSignal } from "./request-scope.server";

/** PGlite and postgres-js share one dialect; raw SQL goes through `queryRows`, which hides their results. */
export type Db = PgliteDatabase<typeof schema>;

type DbKind = "pglite" | "postgres";

export type DbHandle = {
  db: Db;
  kind: DbKind;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions =
  | { kind: "pglite"; dataDir?: string /* undefined = in memory */ }
  | { kind: "postgres"; url: string; maxConnections?: number };

const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
// Serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 4_711_2025;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (options.kind === "pglite") {
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
    const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
    await client.waitReady;
    takeTurnsOnTheStatementLock(client);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }

  const client = postgresClient(options.url, {
    max: options.maxConnections ?? 10,
    connect_timeout: 5,
    idle_timeout: 30,
    // postgres.js grows the wait up to 20 s, keeping the site down after an outage (decision 023).
    backoff: (failures: number) => Math.min(0.1 * failures, 1),
    onnotice: () => {},
  });
  try {
    await client`select 1`;
  } catch (error) {
    await client.end({ timeout: 1 }).catch(() => {});
    throw new DatabaseUnavailableError(describeConnectionError(error));
  }
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  const migrationClient = postgresClient(options.url, { max: 1, onnotice: () => {} });
  try {
    await migrationClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client: migrationClient, schema }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await migrationClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
    await migrationClient.end({ timeout: 1 });
  }
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await client`select 1`;
    },
    close: async () => {
      await client.end({ timeout: 3 });
    },
  };
}

/** PGlite runs one statement at a time; each query starts on its own event-loop turn so sockets are served between (decision 051). */
function takeTurnsOnTheStatementLock(client: PGlite) {
  const target = client as unknown as { _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T> };
  const runExclusive = target._runExclusiveTransaction.bind(client);
  target._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    const signal = currentRequestSignal();
    signal?.throwIfAborted();
    return runExclusive(async () => {
      await nextTurn();
      signal?.throwIfAborted();
      return fn();
    });
  };
}

class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

function describeConnectionError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return `cannot reach the PostgreSQL database at DATABASE_URL (${e.code ?? "error"}: ${e.message ?? String(error)})`;
}

export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

// libpq's `?host=/run/postgresql` names a socket directory; postgres.js needs it as the host option.
function postgresClient(url: string, options: postgres.Options<Record<string, postgres.PostgresType>>) {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get("host");
  if (!socketDir?.startsWith("/")) return postgres(url, options);
  parsed.searchParams.delete("host");
  return postgres(parsed.toString(), { ...options, host: socketDir });
}

export function onlyRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("the statement returned no row");
  return row;
}

// On globalThis so the dev server's module reloads keep one connection.
const HANDLE_KEY = Symbol.for("quizkvall.db");
type GlobalWithDb = typeof globalThis & { [HANDLE_KEY]?: DbHandle };

export function setDatabase(handle: DbHandle | undefined) {
  (globalThis as GlobalWithDb)[HANDLE_KEY] = handle;
}

export function getDatabaseHandle(): DbHandle {
  const handle = (globalThis as GlobalWithDb)[HANDLE_KEY];
  if (!handle) throw new Error("The database has not been opened");
  return handle;
}

/** While the database is known to be down, a request gets a 503 here instead of waiting. */
export function getDb(): Db {
  refuseWhileDatabaseDown();
  return getDatabaseHandle().db;
}
