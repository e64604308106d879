// npm run db:backup [-- <file>]: writes a consistent backup of the configured database (PGlite in DATA_DIR
// or PostgreSQL at DATABASE_URL) to <file>, by default DATA_DIR/backups/quizkvall-<time>.ndjson.gz.
// PGlite is single-process: stop the server first (the data-directory lock refuses otherwise).
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../app/lib/env.server";
import { writeBackup } from "./lib/backup";
import { fail, openCliDatabase } from "./lib/cli-db";

const handle = await openCliDatabase();
const given = process.argv.slice(2).find((a) => !a.startsWith("--"));
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(given ?? path.join(getEnv().dataDir, "backups", `quizkvall-${stamp}.ndjson.gz`));
try {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const started = Date.now();
  const summary = await writeBackup(handle.db, file);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Backup written: ${file}`);
  console.log(`${summary.rows} rows from ${Object.keys(summary.tables).length} tables in ${seconds} s.`);
} catch (error) {
  await handle.close();
  fail(`Backup failed: ${(error as Error).message}`);
}
await handle.close();
