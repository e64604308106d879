import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "./env.server";

/** Where uploaded images live. Local disk by default; an S3-compatible adapter plugs in here. */
export type Bucket = "event-images" | "quiz-images";

export interface Storage {
  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<Uint8Array | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
}

/** Public URL of a stored object; served by the image route. */
export function publicImageUrl(bucket: Bucket, key: string): string {
  return `/images/${bucket}/${encodeURIComponent(key)}`;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(bucket: Bucket, key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, bucket, key);
  }

  async put(bucket: Bucket, key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  }

  async get(bucket: Bucket, key: string): Promise<Uint8Array | null> {
    try {
      return await fs.readFile(this.file(bucket, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await fs.rm(this.file(bucket, key), { force: true });
  }
}

let storage: Storage | undefined;

export function getStorage(): Storage {
  storage ??= new LocalStorage(path.join(getEnv().dataDir, "uploads"));
  return storage;
}

export function setStorage(next: Storage | undefined) {
  storage = next;
}
