import { randomUUID } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { type Bucket, getStorage, publicImageUrl } from "~/lib/storage.server";

/**
 * CONTRACT (issue 6 hardens it: full type sniffing incl. AVIF/GIF, SVG refusal, variants, S3): stores an
 * uploaded image under a random name and returns its public URL, or a Swedish error for the form.
 */
export type UploadResult = { ok: true; url: string } | { ok: false; error: string };

const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    ext: "png",
    test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
];

export async function saveUploadedImage(file: File, bucket: Bucket): Promise<UploadResult> {
  if (file.size > getEnv().UPLOAD_MAX_BYTES) return { ok: false, error: "Bilden är för stor" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) return { ok: false, error: "Filen är ingen bild" };
  const key = `${randomUUID()}.${kind.ext}`;
  await getStorage().put(bucket, key, bytes, kind.type);
  return { ok: true, url: publicImageUrl(bucket, key) };
}
