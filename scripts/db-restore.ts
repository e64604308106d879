// npm run db:restore -- <file> [--replace]: restores a backup written by `npm run db:backup` into the
// configured database, in one transaction, and the images it holds into the configured storage (DATA_DIR/
// uploads, or the S3 bucket). A database with content is refused unless --replace is given.
import path from "node:path";
import { getStorage } from "../app/lib/storage.server";
import { fail, openCliDatabase } from "./lib/cli-db";
import { RestoreError, restoreBackup } from "./lib/restore";

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) fail("Usage: npm run db:restore -- <backup file> [--replace]");
const replace = process.argv.includes("--replace");
const handle = await openCliDatabase();
try {
  const started = Date.now();
  const summary = await restoreBackup(handle.db, path.resolve(file), { replace, images: getStorage() });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${summary.rows} rows into ${Object.keys(summary.tables).length} tables and ${summary.images} images in ${seconds} s.`,
  );
} catch (error) {
  await handle.close();
  fail(
    error instanceof RestoreError
      ? `Restore refused: ${error.message}`
      : `Restore failed: ${(error as Error).message}`,
  );
}
await handle.close();
