import type { Express, NextFunction, Request, Response } from "express";
import type { Env } from "../app/lib/env.server";

const CLIENT_IP_HEADER = "x-quizkvall-client-ip";

/** Only hops added by TRUST_PROXY proxies count; our own header is overwritten. */
export function resolveClientAddress(app: Express, trustProxy: Env["TRUST_PROXY"]) {
  app.set("trust proxy", trustProxy);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
}
