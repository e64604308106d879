/** Local disk by default; an S3-compatible bucket when `S3_*` is set, so instances can share it. */
export type Bucket = "event-images" | "quiz-images";
export const BUCKETS: readonly Bucket[] = ["event-images", "quiz-images"];

export interface Storage {
  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<Uint8Array | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  getVariant(bucket: Bucket, key: string, width: number): Promise<Uint8Array | null>;
  putVariant(bucket: Bucket, key: string, width: number, bytes: Uint8Array): Promise<void>;
  hasVariant(bucket: Bucket, key: string, width: number): Promise<boolean>;
  directUrl(bucket: Bucket, key: string, width: number | null): string | null;
  /** Includes variants whose original is gone, for finding what nothing uses. */
  list(bucket: Bucket): AsyncIterable<StoredObject>;
}

export type StoredObject = { key: string; width: number | null; modifiedAt: Date };

/** Uploads are refused with this message; pages keep being served. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}

export function publicImageUrl(bucket: Bucket, key: string): string {
  return `/images/${bucket}/${encodeURIComponent(key)}`;
}

export function parseImageUrl(url: string): { bucket: Bucket; key: string } | null {
  const match = /^\/images\/([a-z-]+)\/([^/?#]+)$/.exec(url);
  const bucket = BUCKETS.find((b) => b === match?.[1]);
  if (!match?.[2] || !bucket) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return isSafeKey(key) ? { bucket, key } : null;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

/** Deleting an image deletes these variants too. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1920] as const;

export function isVariantWidth(width: number): width is (typeof VARIANT_WIDTHS)[number] {
  return (VARIANT_WIDTHS as readonly number[]).includes(width);
}
