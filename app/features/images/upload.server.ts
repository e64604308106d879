import { randomUUID } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { type Bucket, getStorage, publicImageUrl } from "~/lib/storage.server";
import { sniffImage } from "./image-sniff";

/**
 * Stores an uploaded image under a random name and returns its public URL, or a Swedish error for the
 * form. The type is decided by the bytes (JPEG, PNG, WebP, GIF, AVIF); anything else, SVG included, is
 * refused before anything is written.
 */
export type UploadResult = { ok: true; url: string } | { ok: false; error: string };

/** Room for a form's other fields and multipart framing beside an image at the upload limit. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export function uploadLimitMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const shown =
    mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(maxBytes / 1024)} kB`;
  return `Bilden är för stor. Största tillåtna storlek är ${shown}.`;
}

export const NOT_AN_IMAGE =
  "Filen är ingen bild som stöds. Välj en JPEG-, PNG-, WebP-, GIF- eller AVIF-bild (SVG tillåts inte).";

export async function saveUploadedImage(file: File, bucket: Bucket): Promise<UploadResult> {
  const maxBytes = getEnv().UPLOAD_MAX_BYTES;
  if (file.size > maxBytes) return { ok: false, error: uploadLimitMessage(maxBytes) };
  if (file.size === 0) return { ok: false, error: NOT_AN_IMAGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, error: NOT_AN_IMAGE };
  const key = `${randomUUID()}.${kind.ext}`;
  await getStorage().put(bucket, key, bytes, kind.type);
  return { ok: true, url: publicImageUrl(bucket, key) };
}
