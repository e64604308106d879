import { isNotNull, sql } from "drizzle-orm";
import { events, quizQuestions, quizzes } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import {
  BUCKETS,
  type Bucket,
  getStorage,
  parseImageUrl,
  publicImageUrl,
  type Storage,
} from "~/lib/storage.server";
import { contentTypeOfKey } from "./image-sniff";
import { discardUploadedImage } from "./upload.server";

/** Every column that may hold an `/images/…` address of an upload. */
const IMAGE_REFERENCES = [
  { table: events, column: events.imageUrl },
  { table: quizzes, column: quizzes.imageUrl },
  { table: quizQuestions, column: quizQuestions.imageUrl },
] as const;

/** True when some row still shows the image (demo images are shared by several events). */
async function isReferenced(db: Db, url: string): Promise<boolean> {
  const checks = IMAGE_REFERENCES.map(
    ({ table, column }) => sql`exists (select 1 from ${table} where ${column} = ${url})`,
  );
  const [row] = await queryRows<{ used: boolean }>(db, sql`select (${sql.join(checks, sql` or `)}) as used`);
  return row?.used === true;
}

/** Removes the images a committed save stopped using (replaced, or their row deleted), with their resized variants, unless another row still refers to them. */
export async function releaseImages(db: Db, urls: readonly (string | null | undefined)[]): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url || !parseImageUrl(url)) continue;
    try {
      if (await isReferenced(db, url)) continue;
      await discardUploadedImage(url);
    } catch (error) {
      logger.warn({ err: error, url }, "an image no row uses could not be removed; storage:sweep will retry");
    }
  }
}

/** How old an unreferenced image must be before the sweep removes it: an upload is stored before its save. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;

export type SweepSummary = { removed: string[]; kept: number };

/** Every image address some row shows, each once. */
export async function listReferencedImages(db: Db): Promise<Set<string>> {
  const urls = new Set<string>();
  for (const { table, column } of IMAGE_REFERENCES) {
    const rows = await db.selectDistinct({ url: column }).from(table).where(isNotNull(column));
    for (const r of rows) if (r.url) urls.add(r.url);
  }
  return urls;
}

/** Removes every stored image (original and variants) that no row refers to and that was written more than `graceMs` ago, the clean-up for deletes that failed when their save committed. */
export async function sweepOrphanImages(
  db: Db,
  options: { storage?: Storage; now?: Date; graceMs?: number; dryRun?: boolean } = {},
): Promise<SweepSummary> {
  const storage = options.storage ?? getStorage();
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? SWEEP_GRACE_MS);
  const newest = new Map<string, { bucket: Bucket; key: string; at: number }>();
  for (const bucket of BUCKETS) {
    for await (const object of storage.list(bucket)) {
      if (!contentTypeOfKey(object.key)) continue;
      const url = publicImageUrl(bucket, object.key);
      const at = Math.max(newest.get(url)?.at ?? 0, object.modifiedAt.getTime());
      newest.set(url, { bucket, key: object.key, at });
    }
  }
  const used = await listReferencedImages(db);
  const summary: SweepSummary = { removed: [], kept: 0 };
  for (const [url, { bucket, key, at }] of newest) {
    if (used.has(url) || at > cutoff) {
      summary.kept += 1;
      continue;
    }
    if (!options.dryRun) await storage.delete(bucket, key);
    summary.removed.push(url);
  }
  return summary;
}
