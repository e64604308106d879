import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import {
  type AppLoadContext,
  createRequestHandler as createReactRouterHandler,
  type ServerBuild,
} from "react-router";
import { announceContentChange } from "../app/lib/content-changes.server";
import { databaseIsDown, databaseUnavailableResponse } from "../app/lib/db-availability.server";
import { newRequestScope, type RequestScope, runInRequestScope } from "../app/lib/request-scope.server";
import { SHED_HEADER } from "../app/lib/shed-retry";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "../app/lib/unavailable";
import "./request-locals";

/**
 * React Router behind Express (in place of @react-router/express, which this follows), with two differences:
 * - the body is the one the body reader already read and bounded (server/request-body.ts), never the socket;
 * - the request's abort signal fires for a client that has gone even when it left before the render began
 *   (the adapter listens for a "close" that has already happened), so loaders and database calls that take
 *   `request.signal` stop working for nobody.
 *
 * Each request runs in a scope of its own (app/lib/request-scope.server.ts), on `res.locals.requestScope`:
 * the content its writes changed is announced when its work is over (the page cache drops what showed it),
 * and a request the database could not serve is answered degraded (`degrade`, docs/decisions/023).
 */
export function createRequestHandler(options: {
  build: () => Promise<ServerBuild> | ServerBuild;
  mode: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** Answers the request with a stored copy of its page, however old; false when there is none. */
  serveStale?: (req: Request, res: Response) => boolean;
  /** Resource routes whose POST is handed to their action directly (see `directAction`). */
  directActionRoutes?: readonly string[];
  /**
   * Page routes whose action takes a POST from any site (see `isFromElsewhere`): React Router refuses a page
   * action whose Origin is not the page's own, which RFC 8058's one-click unsubscribe never is.
   */
  anyOriginActions?: readonly string[];
}) {
  const handle = createReactRouterHandler(options.build, options.mode);
  const direct = new WeakMap<ServerBuild, { always: DirectRoute[]; fromElsewhere: DirectRoute[] }>();
  const directRoutesOf = (build: ServerBuild, request: globalThis.Request, path: string) => {
    let routes = direct.get(build);
    if (!routes) {
      routes = {
        always: compileDirectRoutes(build, options.directActionRoutes ?? []),
        fromElsewhere: compileDirectRoutes(build, options.anyOriginActions ?? [], { pages: true }),
      };
      direct.set(build, routes);
    }
    return isFromElsewhere(request, path) ? [...routes.always, ...routes.fromElsewhere] : routes.always;
  };
  const hasDirectRoutes = Boolean(options.directActionRoutes?.length || options.anyOriginActions?.length);
  return async (req: Request, res: Response, next: NextFunction) => {
    const request = toFetchRequest(req, res);
    const scope = newRequestScope(request.signal);
    res.locals.requestScope = scope;
    // The render slot is held until the work is really over, not merely until the client left.
    const work = runInRequestScope(scope, async () => {
      const context = options.getLoadContext(req, res);
      const build = req.method === "POST" && hasDirectRoutes ? await options.build() : undefined;
      const response =
        (build &&
          (await directAction(
            build,
            directRoutesOf(build, request, req.path),
            req.path,
            request,
            context,
          ))) ??
        (await handle(request, context));
      const answer = await degrade(req, res, scope, response, options.serveStale);
      if (answer) await send(res, answer);
    });
    // Announced once the work is over: whatever the code did after its write, the write has committed (or
    // failed) by then, so the next render of a dropped page reads it.
    const announce = () => announceContentChange(scope.changed);
    work.then(announce, announce);
    res.locals.holdRenderSlot?.(work);
    try {
      await work;
    } catch (error) {
      if (request.signal.aborted) return;
      next(error);
    }
  };
}

type DirectRoute = { pattern: RegExp; keys: string[]; action: NonNullable<ServerRouteModule["action"]> };
type ServerRouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/**
 * A POST that is not from one of the site's own pages: its Origin is another site's, "null" or missing
 * (a mail provider's server), and it is no data request of React Router's client (`.data`).
 */
export function isFromElsewhere(request: globalThis.Request, path: string): boolean {
  if (path.endsWith(".data")) return false;
  return request.headers.get("origin") !== new URL(request.url).origin;
}

/**
 * The listed routes' full paths (their parents' paths joined), compiled once per build. A route here must
 * have an `action` and no middleware, and be a resource route unless `pages` says a page route may be
 * listed (its action's data is then answered as JSON).
 */
export function compileDirectRoutes(
  build: ServerBuild,
  ids: readonly string[],
  { pages = false } = {},
): DirectRoute[] {
  return ids.map((id) => {
    const segments: string[] = [];
    for (
      let route = build.routes[id];
      route;
      route = route.parentId ? build.routes[route.parentId] : undefined
    ) {
      if (route.path) segments.unshift(...route.path.split("/").filter(Boolean));
    }
    const action = build.routes[id]?.module.action;
    if (!action || (!pages && build.routes[id]?.module.default))
      throw new Error(`${id} is not a resource route with an action`);
    const keys: string[] = [];
    const source = segments
      .map((segment) => {
        if (segment.startsWith(":")) {
          keys.push(segment.slice(1));
          return "([^/]+)";
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return { pattern: new RegExp(`^/${source}/?$`), keys, action };
  });
}

/**
 * The busiest visitor writes (the skåla, a quiz answer) are resource routes: the answer is their action's,
 * and React Router's part is to find the route. Its matching ranks every route of the app on each request
 * (about a quarter of the server's time under a crowd of skålor, decision 048), so a POST to one of the
 * listed routes calls the action directly, as React Router would: a thrown Response is the answer, and any
 * other error goes to the entry's handleError and becomes the same bare 500 React Router sends.
 * The same call answers a one-click unsubscribe from a mail provider (`anyOriginActions`).
 * Undefined when no listed route matches.
 */
export async function directAction(
  build: ServerBuild,
  routes: DirectRoute[],
  path: string,
  request: globalThis.Request,
  context: AppLoadContext,
): Promise<globalThis.Response | undefined> {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? "")]),
    );
    try {
      const result = await route.action({ request, params, context } as never);
      if (result instanceof Response) return result;
      // data(value, init), as React Router answers it for a resource route.
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      build.entry.module.handleError?.(error, { request, params, context } as never);
      return new Response("Unexpected Server Error", { status: 500 });
    }
  }
  return undefined;
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  // The URL as @react-router/express builds it.
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  let finished = false;
  res.once("finish", () => {
    finished = true;
  });
  res.once("close", () => {
    if (!finished) controller.abort();
  });
  // A client that gives up closes its side of the connection; Node keeps the socket half-open for the
  // answer, so "close" may come only after the whole render. Its "end" says nobody will read it.
  const socket = req.socket;
  const onEnd = () => {
    if (!finished) controller.abort();
  };
  socket.once("end", onEnd);
  res.once("close", () => socket.off("end", onEnd));
  if (res.closed || res.destroyed || socket.destroyed || socket.readableEnded) controller.abort();
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const { body } = res.locals;
    init.body = body ? new Uint8Array(body) : null;
  }
  return new Request(url.href, init);
}

/**
 * The answer to a request the database could not serve (its code met the failure, or the endpoint failed
 * while the database is known to be down): the stored copy of its page however old, else a Swedish 503 in
 * the form the client reads. Pages already come as the outage page (entry.server.tsx); a page's data
 * request that met the failure mid-way (its error encoded as a 500) gets a plain 503, which the browser's
 * router turns into the same outage page; an endpoint gets the JSON.
 * The request was not carried out, so a GET is marked as shed (safe to retry, app/lib/shed-retry.ts).
 * Returns undefined when the answer has been sent.
 */
async function degrade(
  req: Request,
  res: Response,
  scope: RequestScope,
  response: globalThis.Response,
  serveStale: ((req: Request, res: Response) => boolean) | undefined,
): Promise<globalThis.Response | undefined> {
  const isApi = req.path.startsWith("/api/");
  const unavailable = scope.databaseUnavailable || (isApi && response.status >= 500 && databaseIsDown());
  if (!unavailable || response.status < 500) return response;
  if (serveStale?.(req, res)) {
    await response.body?.cancel();
    return undefined;
  }
  let answer = response;
  const isJson = /^application\/json\b/.test(response.headers.get("content-type") ?? "");
  if (isApi && (response.status !== UNAVAILABLE_STATUS || !isJson)) {
    await response.body?.cancel();
    answer = databaseUnavailableResponse();
  } else if (req.path.endsWith(".data") && response.status !== UNAVAILABLE_STATUS) {
    await response.body?.cancel();
    answer = new Response(UNAVAILABLE_MESSAGE, {
      status: UNAVAILABLE_STATUS,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = new Headers(answer.headers);
  headers.set("Cache-Control", "no-store");
  if (!headers.has("Retry-After")) headers.set("Retry-After", "1");
  if (req.method === "GET" || req.method === "HEAD") headers.set(SHED_HEADER, "1");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

async function send(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  // A JSON answer is small and whole: one write, without piping a web stream into the response.
  if (/^application\/json\b/.test(response.headers.get("Content-Type") ?? "")) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
