import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copyUploadsToStorage } from "~/features/images/copy-uploads.server";
import { serveImage } from "~/features/images/image-route.server";
import { saveUploadedImage } from "~/features/images/upload.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { S3Storage } from "~/lib/s3-storage.server";
import { getStorage, LocalStorage, StorageUnavailableError } from "~/lib/storage.server";
import { runScript } from "../support/run-script";
import { startTestBucket, type TestBucket } from "../support/s3";

const STORAGE_UNAVAILABLE =
  "Bilden kunde inte sparas just nu eftersom bildlagringen inte svarar. Försök igen om en stund.";

/**
 * The S3 adapter against s3rver on loopback: uploads, variants and deletes go to the bucket and never to
 * the data directory; a bucket that is down refuses uploads with a Swedish message; the copy of local
 * uploads into the bucket is idempotent.
 */
let s3: TestBucket;
let baseEnv: Env;
const jpeg = fs.readFileSync(path.resolve("scripts/seed-data/images/pub-1.jpg"));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-s3-it-"));

function useBucket(extra: Record<string, string> = {}) {
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: baseEnv.dataDir,
    PUBLIC_URL: baseEnv.publicUrl,
    LOG_LEVEL: "silent",
    ...s3.env,
    ...extra,
  });
  setEnv(env);
  return env;
}

function imageRequest(url: string) {
  return new Request(`http://localhost:3000${url}`);
}

async function serve(url: string) {
  const { pathname } = new URL(url, "http://localhost");
  const [, , bucket = "", key = ""] = pathname.split("/");
  return serveImage(imageRequest(url), bucket, decodeURIComponent(key));
}

beforeAll(async () => {
  baseEnv = getEnv();
  s3 = await startTestBucket();
});

afterAll(async () => {
  setEnv(baseEnv);
  await s3.stop();
  s3.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  useBucket();
});

describe("storage choice", () => {
  it("is the bucket when S3_* is set, the data directory otherwise", () => {
    expect(getStorage()).toBeInstanceOf(S3Storage);
    setEnv(baseEnv);
    expect(getStorage()).toBeInstanceOf(LocalStorage);
  });
});

describe("uploads and images in the bucket", () => {
  it("stores an upload in the bucket, serves it and its variant, and leaves the data directory alone", async () => {
    const saved = await saveUploadedImage(
      new File([jpeg], "kväll.jpg", { type: "image/jpeg" }),
      "event-images",
    );
    if (!saved.ok) throw new Error(saved.error);
    const key = decodeURIComponent(saved.url.split("/").pop()!);
    expect(s3.writes).toContain(`event-images/${key}`);

    const original = await serve(saved.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);

    const writesBefore = s3.writes.length;
    const variant = await serve(`${saved.url}?w=320`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
    expect(s3.writes.slice(writesBefore)).toEqual([`event-images/w320/${key}.webp`]);

    // Made once: a second request (as from another instance, with a storage of its own) reads the stored variant.
    setEnv({ ...getEnv() });
    expect((await serve(`${saved.url}?w=320`)).status).toBe(200);
    expect(s3.writes.length).toBe(writesBefore + 1);

    expect(fs.existsSync(path.join(baseEnv.dataDir, "uploads"))).toBe(false);
    expect(fs.existsSync(path.join(baseEnv.dataDir, "cache"))).toBe(false);

    // Deleting removes the original and its variants.
    await getStorage().delete("event-images", key);
    expect((await serve(saved.url)).status).toBe(404);
    expect(await getStorage().getVariant("event-images", key, 320)).toBeNull();
  });

  it("redirects to S3_PUBLIC_URL when it is set, making the variant first", async () => {
    useBucket({ S3_PUBLIC_URL: "https://bilder.example.se/quiz" });
    const saved = await saveUploadedImage(new File([jpeg], "a.jpg"), "quiz-images");
    if (!saved.ok) throw new Error(saved.error);
    const key = decodeURIComponent(saved.url.split("/").pop()!);
    const original = await serve(saved.url);
    expect(original.status).toBe(302);
    expect(original.headers.get("location")).toBe(`https://bilder.example.se/quiz/quiz-images/${key}`);
    const variant = await serve(`${saved.url}?w=640`);
    expect(variant.status).toBe(302);
    expect(variant.headers.get("location")).toBe(
      `https://bilder.example.se/quiz/quiz-images/w640/${key}.webp`,
    );
    expect(await getStorage().hasVariant("quiz-images", key, 640)).toBe(true);
    expect((await serve(`${saved.url.replace(key, "saknas.jpg")}?w=640`)).status).toBe(404);
  });

  it("answers a missing object with 404 and keeps refusing bad widths", async () => {
    expect((await serve("/images/event-images/finns-inte.jpg")).status).toBe(404);
    expect((await serve("/images/event-images/finns-inte.jpg?w=640")).status).toBe(404);
    expect((await serve("/images/event-images/finns-inte.jpg?w=500")).status).toBe(400);
  });
});

describe("a bucket that does not answer", () => {
  it("refuses uploads with a Swedish message and answers image requests with 503", async () => {
    const saved = await saveUploadedImage(new File([jpeg], "a.jpg"), "event-images");
    if (!saved.ok) throw new Error(saved.error);
    await s3.stop();
    try {
      const refused = await saveUploadedImage(new File([jpeg], "b.jpg"), "event-images");
      expect(refused).toEqual({ ok: false, error: STORAGE_UNAVAILABLE, unavailable: true });
      const image = await serve(saved.url);
      expect(image.status).toBe(503);
      expect(await image.json()).toEqual({ error: "Bilden kan inte visas just nu" });
    } finally {
      await s3.restart();
    }
    expect((await serve(saved.url)).status).toBe(200);
  });

  it("treats refused credentials as unavailable, not as a crash", async () => {
    const wrong = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: "auto",
      accessKeyId: "NOT-A-KEY",
      secretAccessKey: "x",
    });
    await expect(wrong.put("event-images", "a.jpg", jpeg, "image/jpeg")).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});

describe("copying local uploads into the bucket", () => {
  function localUploads() {
    const dataDir = fs.mkdtempSync(path.join(tmp, "data-"));
    const local = new LocalStorage(path.join(dataDir, "uploads"));
    return { dataDir, local };
  }

  it("copies every original once; a second run copies nothing", async () => {
    const { dataDir, local } = localUploads();
    await local.put("event-images", "demo-pub-1.jpg", jpeg);
    await local.put("quiz-images", "11111111-2222-3333-4444-555555555555.jpg", jpeg);
    fs.writeFileSync(path.join(dataDir, "uploads", "event-images", "x.jpg.123.tmp"), "half");
    const target = getStorage() as S3Storage;

    const first = await copyUploadsToStorage(path.join(dataDir, "uploads"), target);
    expect(first).toEqual({ copied: 2, skipped: 0, ignored: ["event-images/x.jpg.123.tmp"] });
    const stored = await target.get("quiz-images", "11111111-2222-3333-4444-555555555555.jpg");
    expect(Buffer.from(stored!).equals(jpeg)).toBe(true);

    const writes = s3.writes.length;
    const second = await copyUploadsToStorage(path.join(dataDir, "uploads"), target);
    expect(second).toMatchObject({ copied: 0, skipped: 2 });
    expect(s3.writes.length).toBe(writes);
  });

  it("runs as `npm run storage:migrate` and is safe to run twice", { timeout: 60_000 }, async () => {
    const { dataDir, local } = localUploads();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#f5c518" } })
      .png()
      .toBuffer();
    await local.put("event-images", "migrate-1.png", png);
    const run = () =>
      runScript("storage-migrate", {
        ...s3.env,
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
      });
    const first = await run();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("1 copied, 0 already there.");
    const second = await run();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain("0 copied, 1 already there.");
    expect(await getStorage().get("event-images", "migrate-1.png")).not.toBeNull();
  });
});
