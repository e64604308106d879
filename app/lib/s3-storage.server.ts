import { AwsClient } from "aws4fetch";
import { type Bucket, isSafeKey, type Storage, StorageUnavailableError, VARIANT_WIDTHS } from "./storage";

export type S3Options = {
  /** The service's base URL, e.g. `https://s3.eu-north-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket's root, when browsers may fetch objects from it directly. */
  publicUrl?: string;
  /** Per request; a bucket that does not answer must not hold an upload (or a page's image) for long. */
  timeoutMs?: number;
};

// Keys are random and never rewritten, so an object's bytes never change.
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Uploads in an S3-compatible bucket, addressed path-style (`<endpoint>/<bucket>/<object>`), which MinIO,
 * s3rver, R2, Hetzner and AWS all accept. Objects are laid out as `<bucket>/<key>` for originals and
 * `<bucket>/w<width>/<key>.webp` for resized variants, so the whole fleet shares one copy of each variant.
 * Requests are signed with SigV4 by aws4fetch over the runtime's fetch.
 */
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

  private async request(method: string, objectKey: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await this.client.fetch(`${this.base}/${objectKey}`, {
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

  /** The size of a stored original, or null when there is none (used to copy uploads in idempotently). */
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
}
