import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type Env, getEnv } from "./env.server";
import { S3Storage } from "./s3-storage.server";
import { type Bucket, isSafeKey, type Storage, type StoredObject, VARIANT_WIDTHS } from "./storage";

export {
  BUCKETS,
  type Bucket,
  isSafeKey,
  parseImageUrl,
  publicImageUrl,
  type Storage,
  StorageUnavailableError,
} from "./storage";

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function filesIn(dir: string): Promise<{ name: string; modifiedAt: Date }[]> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
    if (stat) files.push({ name: entry.name, modifiedAt: stat.mtime });
  }
  return files;
}

/** Write then rename, so a reader never sees half a file. */
async function writeAtomically(file: string, bytes: Uint8Array) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
}

export class LocalStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly cacheRoot: string = path.join(path.dirname(root), "cache", "images"),
  ) {}

  private file(bucket: Bucket, key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, bucket, key);
  }

  private variantFile(bucket: Bucket, key: string, width: number): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.cacheRoot, bucket, String(width), `${key}.webp`);
  }

  async put(bucket: Bucket, key: string, bytes: Uint8Array): Promise<void> {
    await writeAtomically(this.file(bucket, key), bytes);
  }

  get(bucket: Bucket, key: string): Promise<Uint8Array | null> {
    return readIfExists(this.file(bucket, key));
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await fs.rm(this.file(bucket, key), { force: true });
    for (const width of VARIANT_WIDTHS) await fs.rm(this.variantFile(bucket, key, width), { force: true });
  }

  getVariant(bucket: Bucket, key: string, width: number): Promise<Uint8Array | null> {
    return readIfExists(this.variantFile(bucket, key, width));
  }

  async putVariant(bucket: Bucket, key: string, width: number, bytes: Uint8Array): Promise<void> {
    await writeAtomically(this.variantFile(bucket, key, width), bytes);
  }

  async hasVariant(bucket: Bucket, key: string, width: number): Promise<boolean> {
    return (await this.getVariant(bucket, key, width)) !== null;
  }

  directUrl(): string | null {
    return null;
  }

  async *list(bucket: Bucket): AsyncIterable<StoredObject> {
    for (const file of await filesIn(path.join(this.root, bucket))) {
      if (isSafeKey(file.name)) yield { key: file.name, width: null, modifiedAt: file.modifiedAt };
    }
    for (const width of VARIANT_WIDTHS) {
      for (const file of await filesIn(path.join(this.cacheRoot, bucket, String(width)))) {
        const key = file.name.replace(/\.webp$/, "");
        if (key !== file.name && isSafeKey(key)) yield { key, width, modifiedAt: file.modifiedAt };
      }
    }
  }
}

let current: { env: Env; storage: Storage } | undefined;

/** Tests replace it. */
export function getStorage(): Storage {
  const env = getEnv();
  if (current?.env !== env) {
    const storage =
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? new S3Storage({
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
          })
        : new LocalStorage(path.join(env.dataDir, "uploads"), path.join(env.dataDir, "cache", "images"));
    current = { env, storage };
  }
  return current.storage;
}
