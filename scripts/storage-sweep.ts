// npm run storage:sweep [-- --dry-run]: removes the uploaded images (originals and resized variants) that no
// event, quiz or question shows any more and that are over an hour old, from DATA_DIR/uploads and its cache
// or from the S3 bucket. Saves remove the images they replace themselves; this catches what they could not
// (the storage was down at that moment). --dry-run lists what would go. On the embedded database, stop the
// server first (the data-directory lock refuses otherwise); with PostgreSQL it may run beside the fleet.
import { sweepOrphanImages } from "../app/features/images/image-lifecycle.server";
import { fail, openCliDatabase } from "./lib/cli-db";

const dryRun = process.argv.includes("--dry-run");
const handle = await openCliDatabase();
try {
  const summary = await sweepOrphanImages(handle.db, { dryRun });
  for (const url of summary.removed) console.log(`${dryRun ? "would remove" : "removed"} ${url}`);
  const verb = dryRun ? "would be removed" : "removed";
  console.log(`${summary.removed.length} unreferenced images ${verb}, ${summary.kept} kept.`);
} catch (error) {
  await handle.close();
  fail(`Sweep failed: ${(error as Error).message}`);
}
await handle.close();
