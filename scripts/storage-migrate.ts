// npm run storage:migrate: copies the uploads on local disk (DATA_DIR/uploads) into the S3-compatible bucket
// named by S3_*, under the same keys, so an embedded install can grow into a fleet. Safe to run again: what
// is already in the bucket (same key, same size) is skipped.
import path from "node:path";
import { copyUploadsToStorage } from "../app/features/images/copy-uploads.server";
import { S3Storage } from "../app/lib/s3-storage.server";
import { getStorage } from "../app/lib/storage.server";
import { fail, loadCliEnv } from "./lib/cli-db";

const env = loadCliEnv();
const target = getStorage();
if (!(target instanceof S3Storage)) {
  fail(
    "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set: they name the bucket to copy into.",
  );
}
const uploadsDir = path.join(env.dataDir, "uploads");
try {
  const started = Date.now();
  const summary = await copyUploadsToStorage(uploadsDir, target);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Uploads copied from ${uploadsDir} to bucket ${env.S3_BUCKET} in ${seconds} s.`);
  console.log(`${summary.copied} copied, ${summary.skipped} already there.`);
  if (summary.ignored.length) console.log(`Ignored (not uploads): ${summary.ignored.join(", ")}`);
} catch (error) {
  fail(`Copy failed: ${(error as Error).message}`);
}
