import { Readable } from "node:stream";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { announceContentChange } from "../app/lib/content-changes.server";
import { newRequestScope, type RequestScope, runInRequestScope } from "../app/lib/request-scope.server";
import "./request-locals";

/**
 * Each request runs in its own scope (app/lib/request-scope.server.ts): database calls stop for a gone
 * client, changed content is announced when the work is over, and the render slot is held until then.
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

export async function inRequestScope(
  req: Request,
  res: Response,
  serve: (scope: RequestScope) => Promise<void>,
): Promise<void> {
  const scope = newRequestScope(clientGone(req, res));
  res.locals.requestScope = scope;
  const work = runInRequestScope(scope, () => serve(scope));
  // By then the write has committed (or failed), so the next render of a dropped page reads it.
  const announce = () => announceContentChange(scope.changed);
  work.then(announce, announce);
  res.locals.holdRenderSlot?.(work);
  await work;
}

function withBody(req: Request, body: Buffer): Request {
  return Object.setPrototypeOf(Readable.from([body], { objectMode: false }), req) as Request;
}

// Node keeps a half-closed socket open for the answer, so only its "end" tells the client left.
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

export async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.end(Buffer.from(await response.arrayBuffer()));
}
