import { AwsClient } from "aws4fetch";
import {
  type Bucket,
  isSafeKey,
  isVariantWidth,
  type Storage,
  StorageUnavailableError,
  type StoredObject,
  VARIANT_WIDTHS,
} from "./storage";

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
  /** A bucket that does not answer must not hold an upload or a page's image for long. */
  timeoutMs?: number;
};

// Keys are random and never rewritten, so an object's bytes never change.
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Path-style addressing, which MinIO, s3rver, R2, Hetzner and AWS all accept. */
export class S3Storage implements Storage {
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly publicBase: string | null;
  private readonly timeoutMs: number;

  constructor(options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: "s3",
      region: options.region,
      // A 5xx or 429 is tried twice more; a refused connection fails at once.
      retries: 2,
      initRetryMs: 100,
    });
    this.base = `${options.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(options.bucket)}`;
    this.publicBase = options.publicUrl ? options.publicUrl.replace(/\/+$/, "") : null;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  private objectKey(bucket: Bucket, key: string, width: number | null): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return width === null ? `${bucket}/${key}` : `${bucket}/w${width}/${key}.webp`;
  }

  private request(method: string, objectKey: string, init: RequestInit = {}): Promise<Response> {
    return this.send(method, `${this.base}/${objectKey}`, objectKey, init);
  }

  private async send(method: string, url: string, objectKey: string, init: RequestInit = {}) {
    let response: Response;
    try {
      response = await this.client.fetch(url, {
        ...init,
        method,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new StorageUnavailableError(`object storage unreachable: ${method} ${objectKey}`, {
        cause: error,
      });
    }
    if (response.ok || (response.status === 404 && method !== "PUT")) return response;
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new StorageUnavailableError(
      `object storage refused ${method} ${objectKey}: ${response.status} ${detail}`.trim(),
    );
  }

  private async read(objectKey: string): Promise<Uint8Array | null> {
    const response = await this.request("GET", objectKey);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  private async write(objectKey: string, bytes: Uint8Array, contentType: string) {
    const response = await this.request("PUT", objectKey, {
      body: new Uint8Array(bytes),
      headers: { "Content-Type": contentType, "Cache-Control": IMMUTABLE },
    });
    await response.body?.cancel();
  }

  private async exists(objectKey: string): Promise<boolean> {
    const response = await this.request("HEAD", objectKey);
    await response.body?.cancel();
    return response.status !== 404;
  }

  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    return this.write(this.objectKey(bucket, key, null), bytes, contentType);
  }

  get(bucket: Bucket, key: string): Promise<Uint8Array | null> {
    return this.read(this.objectKey(bucket, key, null));
  }

  async size(bucket: Bucket, key: string): Promise<number | null> {
    const response = await this.request("HEAD", this.objectKey(bucket, key, null));
    await response.body?.cancel();
    return response.status === 404 ? null : Number(response.headers.get("content-length") ?? 0);
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    const keys = [null, ...VARIANT_WIDTHS].map((w) => this.objectKey(bucket, key, w));
    await Promise.all(
      keys.map(async (objectKey) => {
        const response = await this.request("DELETE", objectKey);
        await response.body?.cancel();
      }),
    );
  }

  getVariant(bucket: Bucket, key: string, width: number): Promise<Uint8Array | null> {
    return this.read(this.objectKey(bucket, key, width));
  }

  putVariant(bucket: Bucket, key: string, width: number, bytes: Uint8Array): Promise<void> {
    return this.write(this.objectKey(bucket, key, width), bytes, "image/webp");
  }

  hasVariant(bucket: Bucket, key: string, width: number): Promise<boolean> {
    return this.exists(this.objectKey(bucket, key, width));
  }

  directUrl(bucket: Bucket, key: string, width: number | null): string | null {
    return this.publicBase ? `${this.publicBase}/${this.objectKey(bucket, key, width)}` : null;
  }

  async *list(bucket: Bucket): AsyncIterable<StoredObject> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ "list-type": "2", prefix: `${bucket}/` });
      if (token) query.set("continuation-token", token);
      const response = await this.send("GET", `${this.base}?${query}`, `${bucket}/`);
      const page = parseListPage(await response.text());
      for (const object of page.objects) {
        const stored = storedObjectOf(bucket, object.key, object.modifiedAt);
        if (stored) yield stored;
      }
      token = page.nextToken;
    } while (token);
  }
}

function xmlText(value: string): string {
  return value
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

function parseListPage(xml: string): {
  objects: { key: string; modifiedAt: Date }[];
  nextToken: string | null;
} {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap((match) => {
    const body = match[1] ?? "";
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(body)?.[1];
    const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(body)?.[1];
    return key === undefined ? [] : [{ key: xmlText(key), modifiedAt: new Date(modified ?? 0) }];
  });
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { objects, nextToken: truncated && token ? xmlText(token) : null };
}

function storedObjectOf(bucket: Bucket, objectKey: string, modifiedAt: Date): StoredObject | null {
  const rest = objectKey.slice(bucket.length + 1);
  if (isSafeKey(rest)) return { key: rest, width: null, modifiedAt };
  const variant = /^w(\d+)\/(.+)\.webp$/.exec(rest);
  const width = Number(variant?.[1]);
  const key = variant?.[2];
  return key && isVariantWidth(width) && isSafeKey(key) ? { key, width, modifiedAt } : null;
}
