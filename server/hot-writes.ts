import type { Express, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import type { HotWrites } from "../app/hot-writes.server";
import {
  databaseIsDown,
  databaseUnavailableResponse,
  reportRequestError,
} from "../app/lib/db-availability.server";
import { inRequestScope, sendResponse } from "./request-handler";

/** The two busiest visitor writes, the skåla and a quiz answer, as ordinary Express routes in front of React Router: each calls the app's own function for it (app/hot-writes.server.ts, the one its route's action calls), so under a crowd no request pays for React Router's matching of every route (decision 059's figures). */
export function hotWriteRoutes(app: Express, getBuild: () => Promise<ServerBuild>) {
  const handle =
    (
      call: (writes: HotWrites, request: globalThis.Request, id: string) => Promise<globalThis.Response>,
      param: string,
    ) =>
    (req: Request, res: Response) =>
      inRequestScope(req, res, async (scope) => {
        const writes = hotWritesOf(await getBuild());
        let response: globalThis.Response;
        try {
          response = await call(writes, toFetchRequest(req, res), String(req.params[param]));
        } catch (error) {
          if (error instanceof globalThis.Response) response = error;
          else if (reportRequestError(error)) response = databaseUnavailableResponse();
          else throw error;
        }
        if (response.status >= 500 && (scope.databaseUnavailable || databaseIsDown()))
          response = databaseUnavailableResponse();
        await sendResponse(res, response);
      });
  app.post(
    "/api/events/:eventId/beer",
    handle((w, r, id) => w.skala(r, id), "eventId"),
  );
  app.post(
    "/api/quiz-plays/:playId/answers",
    handle((w, r, id) => w.answer(r, id), "playId"),
  );
}

function hotWritesOf(build: ServerBuild): HotWrites {
  const writes = (build.entry.module as { hotWrites?: HotWrites }).hotWrites;
  if (!writes) throw new Error("the server build's entry exports no hotWrites (app/entry.server.tsx)");
  return writes;
}

/** The web request the app's function reads: the URL as React Router's adapter builds it, the body read. */
function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
  const body = res.locals.body;
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : null,
  });
}
