import type { NextFunction, Request, Response } from "express";

/**
 * A short-lived cache of the pages anonymous visitors read, in front of server rendering. The site is read
 * far more than written, in bursts; rendering the same home page hundreds of times a second is waste.
 *
 * Freshness: a write that succeeded (POST/PUT/PATCH/DELETE answered 2xx/3xx) empties the cache, so
 * a beer, an answer or an admin edit made through this process shows on the very next page load. Changes
 * made elsewhere (another instance, a scheduled job) show within `ttlMs`.
 *
 * Only requests without cookies are cached (a signed-in admin always gets a fresh render), only 200s, and
 * only responses that set no cookie and do not say private/no-store. The entry is keyed by URL and by
 * whether the client accepts gzip, and stores the bytes as sent (after compression), so a hit costs a
 * single write. The API is never cached.
 */
export type PageCacheOptions = { ttlMs: number; maxEntries: number; maxBodyBytes: number };

export const DEFAULT_PAGE_CACHE: PageCacheOptions = {
  ttlMs: 5_000,
  maxEntries: 500,
  maxBodyBytes: 1_000_000,
};

type Entry = { status: number; headers: Record<string, string | string[]>; body: Buffer; expires: number };

const SKIP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "x-request-id"]);

/** Pages and their client-navigation data (`.data`); not the API, health checks or files. */
function isPagePath(path: string) {
  if (path.startsWith("/api/") || path === "/healthz" || path === "/readyz") return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

export function createPageCache(options: PageCacheOptions = DEFAULT_PAGE_CACHE, now = () => Date.now()) {
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0, clears: 0 };

  const clear = () => {
    entries.clear();
    generation += 1;
    stats.clears += 1;
  };

  // Bumped by every clear: a render that began before a write finished is not stored after it.
  let generation = 0;

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Cleared when a write succeeded, so the next read renders what it wrote. A refused or failed
      // request (405, 404, 4xx, 5xx) and an OPTIONS wrote nothing: the cache stays, or anyone could turn
      // it off by posting anywhere.
      if (req.method === "OPTIONS") return next();
      res.once("finish", () => {
        if (res.statusCode < 400) clear();
      });
      return next();
    }
    if (req.headers.cookie || req.headers.authorization || !isPagePath(req.path)) return next();
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const key = `${gzip ? "gz" : "id"} ${req.originalUrl}`;
    const hit = entries.get(key);
    // The age of an entry counts from when its render began, so no page is served older than the TTL.
    const startedAt = now();
    const startedGeneration = generation;
    if (hit && hit.expires > startedAt) {
      stats.hits += 1;
      res.status(hit.status);
      for (const [k, v] of Object.entries(hit.headers)) res.setHeader(k, v);
      res.setHeader("X-Cache", "hit");
      res.end(req.method === "HEAD" ? undefined : hit.body);
      return;
    }
    if (hit) entries.delete(key);
    stats.misses += 1;
    res.setHeader("X-Cache", "miss");
    if (req.method === "HEAD") return next();

    // Record the bytes as they leave (compression, registered after this, writes through these).
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || tooBig) return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buf.length;
      if (size > options.maxBodyBytes) tooBig = true;
      else chunks.push(buf);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.once("finish", () => {
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (tooBig || res.statusCode !== 200 || res.getHeader("set-cookie")) return;
      if (generation !== startedGeneration) return;
      if (/\b(private|no-store)\b/.test(cacheControl)) return;
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(res.getHeaders())) {
        if (SKIP_HEADERS.has(k) || v === undefined) continue;
        headers[k] = Array.isArray(v) ? v : String(v);
      }
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, {
        status: 200,
        headers,
        body: Buffer.concat(chunks),
        expires: startedAt + options.ttlMs,
      });
    });
    next();
  }

  return { middleware, stats, clear, size: () => entries.size };
}
