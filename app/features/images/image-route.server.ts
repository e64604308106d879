import sharp from "sharp";
import { jsonError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import { BUCKETS, getStorage, isSafeKey, StorageUnavailableError } from "~/lib/storage.server";
import { contentTypeOfKey } from "./image-sniff";
import { isImageWidth, VARIANT_QUALITY } from "./image-variants";
import { MAX_IMAGE_PIXELS } from "./upload.server";

// Keys are random and never rewritten, so a URL's bytes never change: cache for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";

const refuse = (status: number, error: string) => jsonError(status, error);

function resize(original: Uint8Array, width: number) {
  return sharp(original, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, fit: "cover", withoutEnlargement: true })
    .webp({ quality: VARIANT_QUALITY })
    .toBuffer();
}

function bytesResponse(bytes: Uint8Array, contentType: string) {
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": contentType, "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff" },
  });
}

class UndecodableImage extends Error {}

/** In a fleet the first instance asked resizes; concurrent first requests write the same bytes. */
async function variantBytes(bucket: (typeof BUCKETS)[number], key: string, width: number) {
  const storage = getStorage();
  const stored = await storage.getVariant(bucket, key, width);
  if (stored) return stored;
  const original = await storage.get(bucket, key);
  if (!original) return null;
  let bytes: Buffer;
  try {
    bytes = await resize(original, width);
  } catch {
    throw new UndecodableImage();
  }
  await storage.putVariant(bucket, key, width, bytes);
  return bytes;
}

/** A storage that does not answer gives a 503, never a 500. */
export async function serveImage(request: Request, bucketParam: string, keyParam: string): Promise<Response> {
  const bucket = BUCKETS.find((b) => b === bucketParam);
  if (!bucket || !isSafeKey(keyParam)) return refuse(404, "Bilden finns inte");
  const contentType = contentTypeOfKey(keyParam);
  if (!contentType) return refuse(404, "Bilden finns inte");

  const params = new URL(request.url).searchParams;
  const extra = [...params.keys()].filter((k) => k !== "w");
  if (extra.length) return refuse(400, "Okänd parameter");
  const wParam = params.get("w");
  const width = wParam === null ? null : Number(wParam);
  if (width !== null && (!/^\d+$/.test(wParam ?? "") || !isImageWidth(width))) {
    return refuse(400, "Bredden måste vara 320, 640, 1024 eller 1920");
  }

  const storage = getStorage();
  try {
    if (width === null) {
      const direct = storage.directUrl(bucket, keyParam, null);
      if (direct) return redirect(direct);
      const original = await storage.get(bucket, keyParam);
      return original ? bytesResponse(original, contentType) : refuse(404, "Bilden finns inte");
    }
    const direct = storage.directUrl(bucket, keyParam, width);
    if (direct) {
      if (!(await storage.hasVariant(bucket, keyParam, width))) {
        const made = await variantBytes(bucket, keyParam, width);
        if (!made) return refuse(404, "Bilden finns inte");
      }
      return redirect(direct);
    }
    const bytes = await variantBytes(bucket, keyParam, width);
    return bytes ? bytesResponse(bytes, "image/webp") : refuse(404, "Bilden finns inte");
  } catch (error) {
    // Passed the upload sniff, but sharp cannot decode it.
    if (error instanceof UndecodableImage) return refuse(415, "Bilden kan inte skalas om");
    if (error instanceof StorageUnavailableError) {
      logger.warn({ err: error }, "image storage unavailable");
      return refuse(503, "Bilden kan inte visas just nu");
    }
    throw error;
  }
}

function redirect(location: string) {
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": IMMUTABLE } });
}
