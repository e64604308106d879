// npm run db:backup [-- <file>]: writes a consistent backup of the configured database (PGlite in DATA_DIR
// or PostgreSQL at DATABASE_URL) to <file>, by default DATA_DIR/backups/quizkvall-<time>.ndjson.gz, with the
// uploaded images the rows show when they are on local disk (DATA_DIR/uploads). Images in an S3 bucket are
// left out: the bucket is backed up on its own (see the README).
// PGlite is single-process: stop the server first (the data-directory lock refuses otherwise).
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../app/lib/env.server";
import { getStorage, LocalStorage } from "../app/lib/storage.server";
import { writeBackup } from "./lib/backup";
import { fail, openCliDatabase } from "./lib/cli-db";

const handle = await openCliDatabase();
const given = process.argv.slice(2).find((a) => !a.startsWith("--"));
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(given ?? path.join(getEnv().dataDir, "backups", `quizkvall-${stamp}.ndjson.gz`));
try {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const started = Date.now();
  const storage = getStorage();
  const local = storage instanceof LocalStorage;
  const summary = await writeBackup(handle.db, file, { images: local ? storage : null });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Backup written: ${file}`);
  console.log(`${summary.rows} rows from ${Object.keys(summary.tables).length} tables in ${seconds} s.`);
  if (local) console.log(`${summary.images} images from ${path.join(getEnv().dataDir, "uploads")}.`);
  else
    console.log(`Images are not included: they live in the bucket ${getEnv().S3_BUCKET}; back it up there.`);
  if (summary.missingImages.length)
    console.warn(`Rows show images that were not found: ${summary.missingImages.join(", ")}`);
} catch (error) {
  await handle.close();
  fail(`Backup failed: ${(error as Error).message}`);
}
await handle.close();
