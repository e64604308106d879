import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * A short-lived cache of the pages anonymous visitors read, in front of server rendering. The site is read
 * far more than written, in bursts; rendering the same home page hundreds of times a second is waste.
 *
 * Freshness: a write that succeeded (POST/PUT/PATCH/DELETE answered 2xx/3xx) empties the cache, so
 * a beer, an answer or an admin edit made through this process shows on the very next page load. Changes
 * made elsewhere (another instance, a scheduled job) show within `ttlMs` plus the time one render takes
 * (an expired page is served to others while one request renders its replacement, for at most 2 s).
 *
 * Only requests without cookies are cached (a signed-in admin always gets a fresh render), only 200s, and
 * only responses that set no cookie and do not say private/no-store. The entry is keyed by URL and by
 * whether the client accepts gzip, and stores the bytes as sent (after compression), so a hit costs a
 * single write. The API is never cached.
 *
 * Two parts: `serveHit` answers hits from Node's request event, before Express (server/server.ts); the
 * Express `middleware` behind it records what a miss renders and empties the cache after a write.
 */
export type PageCacheOptions = { ttlMs: number; maxEntries: number; maxBodyBytes: number };

export const DEFAULT_PAGE_CACHE: PageCacheOptions = {
  ttlMs: 5_000,
  maxEntries: 500,
  maxBodyBytes: 1_000_000,
};

type Entry = {
  status: number;
  headers: Record<string, string | string[]>;
  /** The same headers as one flat [name, value, …] list, for writeHead. */
  flatHeaders: string[];
  body: Buffer;
  expires: number;
  /** When a request began rendering this page's replacement after it expired. */
  refreshingSince?: number;
};

// Once an entry has expired, the first request renders its replacement; the requests that come while it
// renders get the expired copy instead of all rendering the same page at once (a stampede every TTL under
// load). Only for as long as one render may take: after that the next request renders again.
const REFRESH_WINDOW_MS = 2_000;

const SKIP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
  "x-request-id",
  "x-cache",
]);

/** Pages and their client-navigation data (`.data`); not the API, health checks or files. */
function isPagePath(path: string) {
  if (path.startsWith("/api/") || path === "/healthz" || path === "/readyz") return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

/** Keyed by the URL as requested and by whether the client takes gzip (the stored bytes are compressed). */
function keyOf(req: IncomingMessage) {
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  return `${gzip ? "gz" : "id"} ${req.url}`;
}

export function createPageCache(options: PageCacheOptions = DEFAULT_PAGE_CACHE, now = () => Date.now()) {
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, stale: 0, misses: 0, clears: 0 };

  const clear = () => {
    entries.clear();
    generation += 1;
    stats.clears += 1;
  };

  // Bumped by every clear: a render that began before a write finished is not stored after it.
  let generation = 0;

  /**
   * The entry to serve for a request that may be served from the cache: a fresh one, or an expired one
   * while another request renders its replacement. An expired entry nobody is refreshing makes this
   * request the one that refreshes it: no entry is returned, and it renders.
   */
  function lookup(req: IncomingMessage, path: string): { entry: Entry; stale: boolean } | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    if (req.headers.cookie || req.headers.authorization || !isPagePath(path)) return undefined;
    const entry = entries.get(keyOf(req));
    if (!entry) return undefined;
    const at = now();
    if (entry.expires > at) return { entry, stale: false };
    if (entry.refreshingSince !== undefined && at - entry.refreshingSince < REFRESH_WINDOW_MS)
      return { entry, stale: true };
    if (req.method === "GET") entry.refreshingSince = at;
    return undefined;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    found: { entry: Entry; stale: boolean },
    extraHeaders: string[] = [],
  ) {
    stats.hits += 1;
    if (found.stale) stats.stale += 1;
    res.writeHead(found.entry.status, [
      ...found.entry.flatHeaders,
      "x-cache",
      found.stale ? "stale" : "hit",
      ...extraHeaders,
    ]);
    res.end(req.method === "HEAD" ? undefined : found.entry.body);
  }

  /**
   * Serves a cache hit straight from Node's request event, before the framework's routing and middleware:
   * a hit costs one lookup and one write of the stored bytes. Returns false when the request is not a hit.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse, extraHeaders: string[] = []): boolean {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const found = lookup(req, q < 0 ? url : url.slice(0, q));
    if (!found) return false;
    send(req, res, found, extraHeaders);
    return true;
  }

  /**
   * Behind serveHit, which has already answered every hit: empties the cache after a successful write, and
   * records a page rendered for a miss on its way out.
   */
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
    const key = keyOf(req);
    // The age of an entry counts from when its render began.
    const startedAt = now();
    const startedGeneration = generation;
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
      const body = Buffer.concat(chunks);
      // A hit is one write of known length: no chunked framing.
      delete headers["content-length"];
      const flatHeaders = Object.entries(headers).flatMap(([k, v]) =>
        Array.isArray(v) ? v.flatMap((one) => [k, one]) : [k, v],
      );
      flatHeaders.push("content-length", String(body.length));
      entries.set(key, {
        status: 200,
        headers,
        flatHeaders,
        body,
        expires: startedAt + options.ttlMs,
      });
    });
    next();
  }

  return { middleware, serveHit, stats, clear, size: () => entries.size };
}
