import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { FORM_OVERHEAD_BYTES } from "../app/lib/body-limits";
import { onContentChange } from "../app/lib/content-changes.server";
import type { Env } from "../app/lib/env.server";
import type { Logger } from "../app/lib/logger.server";
import { routerContextFor } from "../app/lib/request-context.server";
import type { AppRuntime, startApp as StartApp } from "../app/lifecycle.server";
import { resolveClientAddress } from "./client-address";
import { healthChecks } from "./health-checks";
import { hotWriteRoutes } from "./hot-writes";
import { lastResortError } from "./last-resort-error";
import {
  createLoadShedder,
  DEFAULT_LOAD_SHED,
  isVisitorWrite,
  type LoadShedOptions,
  VISITOR_WRITE_LOAD_SHED,
} from "./load-shed";
import { createPageCache, DEFAULT_PAGE_CACHE, type PageCacheOptions } from "./page-cache";
import { markPublicFile, privateAnswers } from "./private-answers";
import { createBodyReader } from "./request-body";
import { reactRouterHandler } from "./request-handler";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";

const BUILD_DIR = path.resolve("build");
const SHUTDOWN_GRACE_MS = 3_500;
const HIT_REPORT_MS = 60_000;
// Slow or stalled clients cannot hold a connection open indefinitely (slowloris): the headers within 15 s,
// the whole request (an image upload on a slow uplink included) within 60 s.
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 60_000;
// Bodies (docs/decisions/008): JSON endpoints at 64 KB (each endpoint enforces its own, smaller limit
// while it reads, app/lib/http.server.ts), forms at one image upload plus the form's text fields; a body
// that stops arriving for 10 s is dropped; all bodies in memory at once share 64 MB.
const JSON_MAX_BYTES = 64 * 1024;
const BODY_IDLE_TIMEOUT_MS = 10_000;
const BODY_BUDGET_BYTES = 64 * 1024 * 1024;

// A path no route claims, so the catch-all route renders the 404 page.
const NOT_FOUND_PATH = "/sidan-finns-inte";

/** Whether a request path, percent-decoded, carries a C0/C1 control character (%00, %0A, …). */
function pathHasControlCharacters(rawPath: string): boolean {
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    return /[\u0000-\u001F\u007F-\u009F]/.test(decodeURIComponent(rawPath));
  } catch {
    // A malformed escape elsewhere in the path: look for an encoded ASCII control byte.
    return /%(?:[01][0-9a-f]|7f)/i.test(rawPath);
  }
}

type EntryModule = { startApp: typeof StartApp };
type PageCache = ReturnType<typeof createPageCache>;
type DevServer = Awaited<ReturnType<typeof loadBuild>>["devServer"];

/**
 * The app's build. In development Vite compiles it on demand: `getBuild` loads the server build through
 * `ssrLoadModule` on every request, so edited modules are served without a restart, and the browser's hot
 * module replacement shares the HTTP server's port (no second port to collide with another dev server).
 */
async function loadBuild(env: Env, httpServer: Server) {
  if (env.NODE_ENV === "development") {
    const vite = await import("vite");
    const ownListeners = new Set(process.listeners("SIGTERM"));
    const devServer = await vite.createServer({
      server: { middlewareMode: true, ws: { server: httpServer } },
    });
    // React Router's plugin starts Vite servers of its own (one loads react-router.config.ts), and for a
    // server outside middleware mode Vite adds a SIGTERM handler that closes it and exits the process at
    // once, cutting off the requests in flight. How this process stops is server/main.ts's decision.
    for (const listener of process.listeners("SIGTERM")) {
      if (!ownListeners.has(listener)) process.off("SIGTERM", listener as () => void);
    }
    const getBuild = () =>
      devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    return { devServer, getBuild, build: await getBuild() };
  }
  const build = (await import(path.join(BUILD_DIR, "server/index.js"))) as ServerBuild;
  return { devServer: undefined, getBuild: () => build, build };
}

/**
 * Starts the HTTP server. A request passes the steps below in this order; each is a function of this file
 * or a module of its own, and what one step hands a later one travels on `res.locals`
 * (server/request-locals.ts).
 *
 *  1. a page-cache hit is answered straight from Node's request event (`answerCacheHitsFirst`);
 *  2. every other request gets its id and one log line, its tokens redacted (request-log.ts);
 *     an answer to a request with a session is `private, no-store`, whatever sets it (private-answers.ts);
 *  3. security headers and the CSP nonce (security-headers.ts);
 *  4. a path with control characters becomes the 404 page (`notFoundForControlCharacters`);
 *  5. the body is read, bounded (request-body.ts);
 *  6. the page cache stores what is rendered (page-cache.ts), then compression;
 *  7. /healthz and /readyz (health-checks.ts);
 *  8. static files, or Vite in development (`staticFiles`);
 *  9. the load shedder bounds the renders, and visitors' small writes in slots of their own (load-shed.ts);
 * 10. React Router renders (request-handler.ts).
 */
export async function startServer(
  env: Env,
  logger: Logger,
  loadShed: LoadShedOptions = DEFAULT_LOAD_SHED,
  pageCache: PageCacheOptions = DEFAULT_PAGE_CACHE,
) {
  const server = createServer();
  const { devServer, getBuild, build } = await loadBuild(env, server);
  const runtime: AppRuntime = await (build.entry.module as unknown as EntryModule).startApp(env, logger);
  const cache = env.NODE_ENV !== "development" ? createPageCache(pageCache) : undefined;
  const shedder = createLoadShedder(loadShed);
  const writeShedder = createLoadShedder(VISITOR_WRITE_LOAD_SHED);
  const log = requestLog(logger);

  const app = express();
  app.disable("x-powered-by");
  resolveClientAddress(app, env.TRUST_PROXY);
  app.use(log.middleware);
  app.use(privateAnswers);
  // Before the page cache: a cached page replays its stored headers over these, including the policy
  // whose nonce its scripts carry (docs/decisions/010).
  app.use(securityHeaders(env));
  app.use(notFoundForControlCharacters);
  // Bodies are read, bounded, before the load shedder: a slow body never holds a render slot.
  app.use(bodyReader(env));
  // Before compression, so cached pages are stored and replayed already compressed; before the load
  // shedder, so a cached page is served even while rendering is saturated.
  if (cache) app.use(cache.middleware);
  // A visitor write answers a few hundred bytes of JSON, below compression's threshold: it skips the wrapper.
  const compress = compression();
  app.use((req, res, next) => (isVisitorWrite(req.method, req.path) ? next() : compress(req, res, next)));
  healthChecks(app, shedder, runtime);
  staticFiles(app, devServer);
  // Only dynamic requests are bounded: health checks and static files stay instant under load.
  app.use((req, res, next) =>
    isVisitorWrite(req.method, req.path)
      ? writeShedder.middleware(req, res, next)
      : shedder.middleware(req, res, next),
  );
  app.use(streamWithoutFlush);
  hotWriteRoutes(app, getBuild as () => Promise<ServerBuild>);
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build: getBuild as () => Promise<ServerBuild>,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => {
        const requestId = String(req.headers["x-request-id"]);
        return routerContextFor({
          requestId,
          logger: logger.child({ requestId }),
          cspNonce: String(res.locals.cspNonce),
          // While the database cannot answer, an anonymous page comes from the cache, however old.
          serveStale: cache ? () => cache.serveStale(req, res) : undefined,
        });
      },
    }),
  );

  // Whatever failed outside React Router's own error handling: logged, and a Swedish answer without details.
  app.use(lastResortError(logger));

  // Writes say what they changed (app/lib/content-changes.server.ts); the pages showing it are dropped.
  const stopInvalidating = cache ? onContentChange((scopes) => cache.invalidate(scopes)) : () => {};
  const stopHitReport = reportCacheHits(cache, logger);
  server.on("request", answerCacheHitsFirst(app, cache, log, logger));
  const port = await listen(server, env);

  async function close() {
    // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await Promise.race([closed, new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS))]);
    server.closeAllConnections();
    stopHitReport();
    stopInvalidating();
    await devServer?.close();
    await runtime.stop();
  }

  return { port, close, server };
}

/**
 * No route has a control character in its path (and PostgreSQL refuses NUL): such a path is the site's
 * ordinary 404 page, rendered by the catch-all route, before any loader reads its parameters.
 */
const notFoundForControlCharacters: RequestHandler = (req, res, next) => {
  if (!pathHasControlCharacters(req.path)) return next();
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.status(404).type("text/plain; charset=utf-8").send("Sidan finns inte.");
    return;
  }
  // React Router builds its request from originalUrl, so both are rewritten.
  req.url = NOT_FOUND_PATH;
  req.originalUrl = NOT_FOUND_PATH;
  next();
};

/** JSON bodies up to 64 KB, forms up to one image upload plus the form's other fields (docs/decisions/008). */
function bodyReader(env: Env): RequestHandler {
  return createBodyReader({
    jsonMaxBytes: JSON_MAX_BYTES,
    formMaxBytes: env.UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
    idleTimeoutMs: BODY_IDLE_TIMEOUT_MS,
    budgetBytes: BODY_BUDGET_BYTES,
  }).middleware;
}

/**
 * The built client, hashed assets cached for a year; in development Vite's middleware instead. Uploaded
 * images and their variants are served by the app's /images/:bucket/:key route.
 */
function staticFiles(app: Express, devServer: DevServer) {
  if (devServer) {
    app.use(devServer.middlewares);
    return;
  }
  const assets = { immutable: true, maxAge: "1y", setHeaders: markPublicFile };
  app.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), assets));
  app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", setHeaders: markPublicFile }));
}

/**
 * React Router flushes the compressor after every chunk it streams; with React's many small chunks that
 * sync-flushes zlib constantly and the HTML compresses ~5× worse (486 KB home: 166 KB instead of 33 KB).
 * Without flush(), zlib still emits whenever its buffer fills, so the response keeps streaming.
 */
const streamWithoutFlush: RequestHandler = (_req, res, next) => {
  (res as { flush?: unknown }).flush = undefined;
  next();
};

/**
 * A page-cache hit is served straight from Node's request event: no routing, no middleware, one write of
 * the stored bytes (their stored headers include the security headers). Its log line is at debug level: at
 * tens of thousands of hits a second, a JSON line each cost a third of the throughput. Every other request
 * goes to Express, keeping the id it was given here.
 */
function answerCacheHitsFirst(
  app: Express,
  cache: PageCache | undefined,
  log: ReturnType<typeof requestLog>,
  logger: Logger,
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (cache) {
      const started = process.hrtime.bigint();
      const requestId = log.idOf(req);
      if (cache.serveHit(req, res, ["x-request-id", requestId])) {
        if (logger.isLevelEnabled("debug")) log.write(req, res, req.url, requestId, started, "debug");
        return;
      }
      // A miss keeps its id: the request-id middleware takes it from the header.
      req.headers["x-request-id"] = requestId;
    }
    app(req, res);
  };
}

/** The page-cache hits, counted once a minute at info level (each is logged at debug only). */
function reportCacheHits(cache: PageCache | undefined, logger: Logger): () => void {
  let hitsReported = 0;
  const timer = setInterval(() => {
    const hits = (cache?.stats.hits ?? 0) - hitsReported;
    if (hits === 0) return;
    logger.info({ hits, seconds: HIT_REPORT_MS / 1000 }, "page cache hits");
    hitsReported += hits;
  }, HIT_REPORT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Listens on HOST:PORT with the timeouts above; resolves with the port (PORT=0 picks a free one). */
async function listen(server: Server, env: Env): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  const address = server.address();
  return typeof address === "object" && address ? address.port : env.PORT;
}
