import fs from "node:fs/promises";
import path from "node:path";
import { BUCKETS, isSafeKey, type Storage } from "~/lib/storage.server";
import { contentTypeOfKey } from "./image-sniff";

export type CopySummary = { copied: number; skipped: number; ignored: string[] };

/** What the copy needs from the target: a stored original's size, to skip what is already there. */
export type CopyTarget = Pick<Storage, "put"> & {
  size(bucket: (typeof BUCKETS)[number], key: string): Promise<number | null>;
};

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Copies the originals under `uploadsDir` (`DATA_DIR/uploads/<bucket>/<key>`) into object storage under the same bucket and key, so the URLs already saved in the database keep working. */
export async function copyUploadsToStorage(uploadsDir: string, target: CopyTarget): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, skipped: 0, ignored: [] };
  for (const bucket of BUCKETS) {
    for (const key of await listFiles(path.join(uploadsDir, bucket))) {
      const contentType = contentTypeOfKey(key);
      if (!isSafeKey(key) || !contentType) {
        summary.ignored.push(`${bucket}/${key}`);
        continue;
      }
      const bytes = await fs.readFile(path.join(uploadsDir, bucket, key));
      if ((await target.size(bucket, key)) === bytes.length) {
        summary.skipped += 1;
        continue;
      }
      await target.put(bucket, key, bytes, contentType);
      summary.copied += 1;
    }
  }
  return summary;
}
