import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import {
  type Bucket,
  getStorage,
  parseImageUrl,
  publicImageUrl,
  StorageUnavailableError,
} from "~/lib/storage.server";
import { sniffImage } from "./image-sniff";
import type { UploadLimit } from "./upload-limit";

/** Stores an uploaded image under a random name and returns its public URL, or a Swedish error for the form. */
export type UploadResult =
  | { ok: true; url: string }
  | { ok: false; error: string /** The storage, not the file, is at fault (503). */; unavailable?: true };

function uploadLimitMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const shown =
    mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(maxBytes / 1024)} kB`;
  return `Bilden är för stor. Största tillåtna storlek är ${shown}.`;
}

/** This install's upload limit, for a page whose forms check a file's size before posting it. */
export function readUploadLimit(): UploadLimit {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  return { maxBytes, message: uploadLimitMessage(maxBytes) };
}

const NOT_AN_IMAGE =
  "Filen är ingen bild som stöds. Välj en JPEG-, PNG-, WebP-, GIF- eller AVIF-bild (SVG tillåts inte).";

/** The bucket does not answer: the upload is refused, everything else keeps working. */
const STORAGE_UNAVAILABLE =
  "Bilden kunde inte sparas just nu eftersom bildlagringen inte svarar. Försök igen om en stund.";
/** The most pixels an upload may have. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const TOO_MANY_PIXELS = "Bilden har för hög upplösning. Största tillåtna storlek är 40 megapixel.";

/** Width × height read from the header only; null when sharp cannot read the header. */
async function declaredPixels(bytes: Uint8Array): Promise<number | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return meta.width * meta.height;
  } catch {
    return null;
  }
}

export async function saveUploadedImage(file: File, bucket: Bucket): Promise<UploadResult> {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  if (file.size > maxBytes) return { ok: false, error: uploadLimitMessage(maxBytes) };
  if (file.size === 0) return { ok: false, error: NOT_AN_IMAGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, error: NOT_AN_IMAGE };
  const pixels = await declaredPixels(bytes);
  if (pixels === null) return { ok: false, error: NOT_AN_IMAGE };
  if (pixels > MAX_IMAGE_PIXELS) return { ok: false, error: TOO_MANY_PIXELS };
  const key = `${randomUUID()}.${kind.ext}`;
  try {
    await getStorage().put(bucket, key, bytes, kind.type);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    logger.warn({ err: error }, "upload refused: image storage unavailable");
    return { ok: false, error: STORAGE_UNAVAILABLE, unavailable: true };
  }
  return { ok: true, url: publicImageUrl(bucket, key) };
}

/** Removes a stored image by its address: an upload whose save failed, or one no row uses any more. */
export async function discardUploadedImage(url: string): Promise<void> {
  const stored = parseImageUrl(url);
  if (stored) await getStorage().delete(stored.bucket, stored.key);
}
