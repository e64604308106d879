import { Readable } from "node:stream";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { announceContentChange } from "../app/lib/content-changes.server";
import { newRequestScope, type RequestScope, runInRequestScope } from "../app/lib/request-scope.server";
import "./request-locals";

/**
 * React Router's Express adapter serves every request the middleware before it passed on. Around it, each
 * request runs in a scope of its own (app/lib/request-scope.server.ts, also on `res.locals.requestScope`):
 * - its database calls stop for a client that has gone (`clientGone`);
 * - the content its writes changed is announced when its work is over, so the page cache drops what showed
 *   it (an answer the database could not give is React Router middleware's: app/lib/degrade.server.ts);
 * - its render slot (server/load-shed.ts) is held until the work is really over, not merely until the client
 *   left.
 * The body was read and bounded before the load shedder (request-body.ts): the adapter reads that copy.
 */
export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}): RequestHandler {
  const handle = createExpressHandler(options);
  return (req: Request, res: Response, next: NextFunction) =>
    inRequestScope(req, res, () => handle(res.locals.body ? withBody(req, res.locals.body) : req, res, next));
}

/**
 * Serves a request in a scope of its own (see above): `serve` runs inside it, the content its writes
 * changed is announced once the work is over, and the render slot is held until then.
 */
export async function inRequestScope(
  req: Request,
  res: Response,
  serve: (scope: RequestScope) => Promise<void>,
): Promise<void> {
  const scope = newRequestScope(clientGone(req, res));
  res.locals.requestScope = scope;
  const work = runInRequestScope(scope, () => serve(scope));
  // Announced once the work is over: whatever the code did after its write, the write has committed (or
  // failed) by then, so the next render of a dropped page reads it.
  const announce = () => announceContentChange(scope.changed);
  work.then(announce, announce);
  res.locals.holdRenderSlot?.(work);
  await work;
}

/**
 * The request with its already-read body in place of the socket's, which is spent: the adapter reads the
 * body from the request it is given, and everything else (method, URL, headers, socket) is the request's.
 */
function withBody(req: Request, body: Buffer): Request {
  return Object.setPrototypeOf(Readable.from([body], { objectMode: false }), req) as Request;
}

/**
 * Fires when the client has gone, including one that left before the work began. A client that gives up
 * closes its side of the connection; Node keeps the socket half-open for the answer, so the response's
 * "close" may come only after the whole render: the socket's "end" says nobody will read it.
 */
function clientGone(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  let finished = false;
  res.once("finish", () => {
    finished = true;
  });
  const abort = () => {
    if (!finished) controller.abort();
  };
  res.once("close", abort);
  const socket = req.socket;
  socket.once("end", abort);
  res.once("close", () => socket.off("end", abort));
  if (res.closed || res.destroyed || socket.destroyed || socket.readableEnded) controller.abort();
  return controller.signal;
}

/** Sends a small, whole answer (a write's JSON) in one write. */
export async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.end(Buffer.from(await response.arrayBuffer()));
}
