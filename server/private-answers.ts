import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { carriesPosition } from "../app/lib/position-param";
import "./request-locals";

/**
 * Answers to a request with a session, or a position (`?nara=`), are `private, no-store` whatever the route set,
 * so no proxy or shared disk keeps them (docs/decisions/055, 061). Files the same for everyone keep their caching.
 */
const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Also the name it takes over HTTPS. */
const SESSION_COOKIE_NAMES: readonly string[] = [
  "better-auth.session_token",
  "__Secure-better-auth.session_token",
];

const PUBLIC_FILE_PREFIXES = ["/assets/", "/images/", "/og/"];

/** Any value: even a stale cookie asks for a private answer. */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => SESSION_COOKIE_NAMES.includes(pair.split("=")[0]!.trim()));
}

function setsSessionCookie(setCookie: ReturnType<ServerResponse["getHeader"]>): boolean {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return cookies.some((cookie) => hasSessionCookie(cookie.split(";")[0]));
}

/** Headers handed to writeHead itself win over those set before. */
function withoutCacheControl(headers: OutgoingHttpHeaders | OutgoingHttpHeader[]) {
  if (!Array.isArray(headers)) {
    return Object.fromEntries(
      Object.entries(headers).filter(([name]) => name.toLowerCase() !== "cache-control"),
    );
  }
  if (Array.isArray(headers[0])) {
    return (headers as unknown as [string, string][]).filter(
      ([name]) => name.toLowerCase() !== "cache-control",
    );
  }
  const flat: OutgoingHttpHeader[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    if (String(headers[i]).toLowerCase() !== "cache-control") flat.push(headers[i]!, headers[i + 1]!);
  }
  return flat;
}

/** First in the chain: it runs when the headers go out, so it overrides whatever a route set. */
export const privateAnswers: RequestHandler = (req, res, next) => {
  if (PUBLIC_FILE_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
  const withSession = hasSessionCookie(req.headers.cookie) || carriesPosition(req.originalUrl);
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.locals.publicFile && (withSession || setsSessionCookie(res.getHeader("set-cookie")))) {
      res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      const last = args.length - 1;
      if (last > 0 && typeof args[last] === "object" && args[last] !== null)
        args[last] = withoutCacheControl(args[last] as OutgoingHttpHeaders);
    }
    return writeHead.apply(res, args);
  }) as typeof res.writeHead;
  next();
};

/** express.static's setHeaders. */
export function markPublicFile(res: Response): void {
  res.locals.publicFile = true;
}
