import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "~/lib/env.server";
import { type Bucket, getStorage, isSafeKey } from "~/lib/storage.server";
import { contentTypeOfKey } from "./image-sniff";
import { isImageWidth, VARIANT_QUALITY } from "./image-variants";
import { MAX_IMAGE_PIXELS } from "./upload.server";

const BUCKETS: readonly Bucket[] = ["event-images", "quiz-images"];
// Keys are random and never rewritten, so a URL's bytes never change: cache for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";

function refuse(status: number, error: string) {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

function variantFile(bucket: Bucket, key: string, width: number) {
  return path.join(getEnv().dataDir, "cache", "images", bucket, String(width), `${key}.webp`);
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Makes the webp variant once and keeps it on disk; concurrent first requests write the same bytes. */
async function variantBytes(bucket: Bucket, key: string, width: number, original: Uint8Array) {
  const file = variantFile(bucket, key, width);
  const cached = await readIfExists(file);
  if (cached) return cached;
  const bytes = await sharp(original, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, fit: "cover", withoutEnlargement: true })
    .webp({ quality: VARIANT_QUALITY })
    .toBuffer();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
  return bytes;
}

/**
 * GET /images/<bucket>/<key>[?w=320|640|1024|1920]: the original, or a cached webp variant at that width.
 * Unknown buckets, unsafe keys, other widths or extra parameters are refused with a 4xx.
 */
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

  const original = await getStorage().get(bucket, keyParam);
  if (!original) return refuse(404, "Bilden finns inte");
  if (width === null) {
    return new Response(new Uint8Array(original), {
      headers: {
        "Content-Type": contentType,
        "Cache-Control": IMMUTABLE,
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  try {
    const bytes = await variantBytes(bucket, keyParam, width, original);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Cache-Control": IMMUTABLE,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch {
    // Bytes that passed the upload sniff but that sharp cannot decode: not a usable image.
    return refuse(415, "Bilden kan inte skalas om");
  }
}
