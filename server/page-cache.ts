import { type IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { carriesPosition } from "../app/lib/position-param";
import type { ContentScope, RequestScope } from "../app/lib/request-scope.server";

/**
 * A short-lived cache of the pages anonymous visitors read, in front of server rendering. The site is read
 * far more than written, in bursts; rendering the same home page hundreds of times a second is waste.
 *
 * Freshness (docs/decisions/022): the code that writes says what content it changed
 * (app/lib/content-changes.server.ts), and `invalidate` drops the pages that show that content, so an admin's
 * edit shows on the very next page load. A page says what it shows while it renders; one that says nothing
 * is dropped by any change. Writes that change no page (a skåla's counter, a quiz answer, a sign-out, any
 * refused or no-op request) leave the cache alone: counts show within `ttlMs`. Changes made elsewhere
 * (another instance) show within `ttlMs` plus the time one render takes (an expired page is served to
 * others while one request renders its replacement, for at most 2 s).
 *
 * Outages (docs/decisions/023): expired pages are kept (within `maxEntries` and `maxTotalBytes`), and
 * `serveStale` answers with one, however old, when the database cannot serve the page.
 *
 * Only requests without cookies (a signed-in admin always gets a fresh render) or a position are cached, only 200s, and
 * only responses that set no cookie and do not say private/no-store. The entry is keyed by URL and by
 * whether the client accepts gzip, and stores the bytes as sent (after compression), so a hit costs a
 * single write. The API is never cached.
 *
 * Two parts: `serveHit` answers hits from Node's request event, before Express (server/server.ts); the
 * Express `middleware` behind it records what a miss renders.
 */
export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  maxBodyBytes: number;
  /** All stored bodies together, expired ones included. */
  maxTotalBytes: number;
};

export const DEFAULT_PAGE_CACHE: PageCacheOptions = {
  ttlMs: 5_000,
  maxEntries: 500,
  maxBodyBytes: 1_000_000,
  maxTotalBytes: 64 * 1024 * 1024,
};

type Entry = {
  status: number;
  headers: Record<string, string | string[]>;
  /** The same headers as one flat [name, value, …] list, for writeHead. */
  flatHeaders: string[];
  body: Buffer;
  expires: number;
  /** The content the page shows; undefined when it did not say (then every change drops it). */
  shows?: ReadonlySet<ContentScope>;
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

/**
 * Whether the request may be answered from the cache at all: an anonymous GET or HEAD of a page, without a
 * visitor's position in its address (`?nara=`: never stored, not even here; docs/decisions/061).
 */
function isCacheable(req: IncomingMessage, path: string) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  return !req.headers.cookie && !req.headers.authorization && isPagePath(path) && !carriesPosition(req.url);
}

function pathOf(req: IncomingMessage) {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

export function createPageCache(
  options: Partial<PageCacheOptions> = DEFAULT_PAGE_CACHE,
  now = () => Date.now(),
) {
  const { ttlMs, maxEntries, maxBodyBytes, maxTotalBytes } = { ...DEFAULT_PAGE_CACHE, ...options };
  // In insertion order: the first is the one stored longest ago, evicted first.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const stats = { hits: 0, stale: 0, misses: 0, invalidations: 0, dropped: 0, outageHits: 0 };
  // Responses answered by serveStale: their bytes are not recorded as a fresh render.
  const servedStale = new WeakSet<ServerResponse>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };

  // Bumped by every invalidation: a render that began before a write finished is not stored after it.
  let generation = 0;

  /** Drops every page that shows any of `scopes` (and every page that did not say what it shows). */
  function invalidate(scopes: Iterable<ContentScope>) {
    const changed = new Set(scopes);
    if (changed.size === 0) return;
    generation += 1;
    stats.invalidations += 1;
    for (const [key, entry] of entries) {
      if (!entry.shows || [...entry.shows].some((scope) => changed.has(scope))) {
        remove(key);
        stats.dropped += 1;
      }
    }
  }

  /**
   * The entry to serve for a request that may be served from the cache: a fresh one, or an expired one
   * while another request renders its replacement. An expired entry nobody is refreshing makes this
   * request the one that refreshes it: no entry is returned, and it renders.
   */
  function lookup(req: IncomingMessage, path: string): { entry: Entry; stale: boolean } | undefined {
    if (!isCacheable(req, path)) return undefined;
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
    const found = lookup(req, pathOf(req));
    if (!found) return false;
    send(req, res, found, extraHeaders);
    return true;
  }

  /**
   * Answers a request the database cannot serve with the stored copy of its page, however long expired
   * (`X-Cache: stale`). Called from inside the app's middleware, after compression has wrapped the
   * response: the stored bytes are already compressed, so they are written with Node's own methods, past
   * the wrappers. Returns false when there is no copy (or the request is not one the cache answers).
   */
  function serveStale(req: IncomingMessage, res: ServerResponse): boolean {
    if (res.headersSent || !isCacheable(req, pathOf(req))) return false;
    const entry = entries.get(keyOf(req));
    if (!entry) return false;
    stats.outageHits += 1;
    servedStale.add(res);
    // Headers set so far (the request id, the security headers) stay; the stored ones take precedence.
    ServerResponse.prototype.writeHead.call(res, entry.status, [...entry.flatHeaders, "x-cache", "stale"]);
    const end = ServerResponse.prototype.end as (this: ServerResponse, chunk?: Buffer) => ServerResponse;
    end.call(res, req.method === "HEAD" ? undefined : entry.body);
    return true;
  }

  /** Behind serveHit, which has already answered every hit: records a page rendered for a miss on its way out. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    if (!isCacheable(req, req.path)) return next();
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
      if (size > maxBodyBytes) tooBig = true;
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
      if (tooBig || servedStale.has(res) || res.statusCode !== 200 || res.getHeader("set-cookie")) return;
      if (size > maxTotalBytes) return;
      if (generation !== startedGeneration) return;
      if (/\b(private|no-store)\b/.test(cacheControl)) return;
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(res.getHeaders())) {
        if (SKIP_HEADERS.has(k) || v === undefined) continue;
        headers[k] = Array.isArray(v) ? v : String(v);
      }
      const body = Buffer.concat(chunks);
      // A hit is one write of known length: no chunked framing.
      delete headers["content-length"];
      const flatHeaders = Object.entries(headers).flatMap(([k, v]) =>
        Array.isArray(v) ? v.flatMap((one) => [k, one]) : [k, v],
      );
      flatHeaders.push("content-length", String(body.length));
      const shown = (res.locals.requestScope as RequestScope | undefined)?.shown;
      // Stored last: the oldest entries (expired ones kept for outages among them) make room first.
      remove(key);
      while (entries.size && (entries.size >= maxEntries || totalBytes + body.length > maxTotalBytes))
        remove(entries.keys().next().value as string);
      entries.set(key, {
        status: 200,
        headers,
        flatHeaders,
        body,
        expires: startedAt + ttlMs,
        shows: shown?.size ? new Set(shown) : undefined,
      });
      totalBytes += body.length;
    });
    next();
  }

  return {
    middleware,
    serveHit,
    serveStale,
    invalidate,
    stats,
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}
