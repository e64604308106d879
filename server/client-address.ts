import type { Express, NextFunction, Request, Response } from "express";
import type { Env } from "../app/lib/env.server";

/** The header through which the app reads the client's address (app/lib/rate-limit.server.ts). */
const CLIENT_IP_HEADER = "x-quizkvall-client-ip";

/**
 * Who the client is. Behind proxies listed in TRUST_PROXY (a hop count or addresses, Express's `trust
 * proxy` conventions), Express resolves req.ip to the rightmost X-Forwarded-For hop that no trusted proxy
 * added; entries to its left are the client's own words and are ignored. Without TRUST_PROXY it is the
 * socket address. Whatever the client sent in the app's own header is overwritten.
 */
export function resolveClientAddress(app: Express, trustProxy: Env["TRUST_PROXY"]) {
  app.set("trust proxy", trustProxy);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
}
