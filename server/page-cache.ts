import { type IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { carriesPosition } from "../app/lib/position-param";
import type { ContentScope, RequestScope } from "../app/lib/request-scope.server";

/**
 * Short-lived cache of anonymous pages in front of rendering. Writes drop the pages showing what they changed
 * (docs/decisions/022); expired pages are kept and served when the database is down (docs/decisions/023).
 * Only cookie-less, position-less 200s without set-cookie/private/no-store; bytes stored as sent (compressed).
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
  flatHeaders: string[];
  body: Buffer;
  expires: number;
  /** Undefined when the page did not say: then every change drops it. */
  shows?: ReadonlySet<ContentScope>;
  refreshingSince?: number;
};

// Expired entries are served to others while one request renders the replacement (no stampede every TTL).
const REFRESH_WINDOW_MS = 2_000;

const SKIP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
  "x-request-id",
  "x-cache",
]);

/** Pages and their `.data`; not the API, health checks or files. */
function isPagePath(path: string) {
  if (path.startsWith("/api/") || path === "/healthz" || path === "/readyz") return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

function keyOf(req: IncomingMessage) {
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  return `${gzip ? "gz" : "id"} ${req.url}`;
}

/** `?nara=` carries a visitor's position: never cached (docs/decisions/061). */
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
  // Insertion order: the first is evicted first.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const stats = { hits: 0, stale: 0, misses: 0, invalidations: 0, dropped: 0, outageHits: 0 };
  const servedStale = new WeakSet<ServerResponse>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };

  // Bumped by every invalidation: a render that began before a write is not stored after it.
  let generation = 0;

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

  /** An expired entry nobody is refreshing makes this request the one that renders it (returns undefined). */
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

  /** Runs from Node's request event, before Express: a hit is one lookup and one write. */
  function serveHit(req: IncomingMessage, res: ServerResponse, extraHeaders: string[] = []): boolean {
    const found = lookup(req, pathOf(req));
    if (!found) return false;
    send(req, res, found, extraHeaders);
    return true;
  }

  /** Runs after compression wrapped the response: the stored bytes are already compressed, so write past the wrappers. */
  function serveStale(req: IncomingMessage, res: ServerResponse): boolean {
    if (res.headersSent || !isCacheable(req, pathOf(req))) return false;
    const entry = entries.get(keyOf(req));
    if (!entry) return false;
    stats.outageHits += 1;
    servedStale.add(res);
    ServerResponse.prototype.writeHead.call(res, entry.status, [...entry.flatHeaders, "x-cache", "stale"]);
    const end = ServerResponse.prototype.end as (this: ServerResponse, chunk?: Buffer) => ServerResponse;
    end.call(res, req.method === "HEAD" ? undefined : entry.body);
    return true;
  }

  /** Behind serveHit: records a page rendered for a miss. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    if (!isCacheable(req, req.path)) return next();
    const key = keyOf(req);
    const startedAt = now();
    const startedGeneration = generation;
    stats.misses += 1;
    res.setHeader("X-Cache", "miss");
    if (req.method === "HEAD") return next();

    // Compression, registered after this, writes through these wrappers.
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
      delete headers["content-length"];
      const flatHeaders = Object.entries(headers).flatMap(([k, v]) =>
        Array.isArray(v) ? v.flatMap((one) => [k, one]) : [k, v],
      );
      flatHeaders.push("content-length", String(body.length));
      const shown = (res.locals.requestScope as RequestScope | undefined)?.shown;
      // Stored last: the oldest entries make room first.
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
