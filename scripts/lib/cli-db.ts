import path from "node:path";
import { type DbHandle, openDatabase, setDatabase } from "../../app/lib/db.server";
import { ConfigError, parseEnv, setEnv } from "../../app/lib/env.server";
import { acquireDataDirLock } from "../../app/lib/pglite-lock.server";

/** Reads and installs the configuration for a command-line tool; a bad value ends it with one line each. */
export function loadCliEnv(): ReturnType<typeof parseEnv> {
  try {
    const env = parseEnv();
    setEnv(env);
    return env;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.problems.join("\n"));
    throw error;
  }
}

/**
 * Opens the configured database for a command-line tool, with the same lock and migrations as the server.
 * A tool needs few PostgreSQL connections; a benchmark of page functions asks for the server's pool size.
 */
export async function openCliDatabase(options: { maxConnections?: number } = {}): Promise<DbHandle> {
  const env = loadCliEnv();
  let release = () => {};
  try {
    if (env.isEmbeddedDb) release = acquireDataDirLock(env.dataDir);
    const handle = env.DATABASE_URL
      ? await openDatabase({
          kind: "postgres",
          url: env.DATABASE_URL,
          maxConnections: options.maxConnections ?? 2,
        })
      : await openDatabase({ kind: "pglite", dataDir: path.join(env.dataDir, "pglite") });
    setDatabase(handle);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    fail((error as Error).message);
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
