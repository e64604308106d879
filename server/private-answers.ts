import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import "./request-locals";

/**
 * Every answer to a request with a session says `Cache-Control: private, no-store`, whatever its route
 * set: a signed-in page, an admin's JSON or better-auth's session must never be kept by a proxy or a CDN
 * and handed to the next visitor, nor kept on the disk of a shared computer. Decided here, once, for every
 * route (docs/decisions/055). Answers that set the session cookie (a sign-in, a mailed link) count too.
 *
 * Files that are the same for everyone keep their own caching: the build's static files, uploaded images
 * (/images/…) and quiz cards (/og/…).
 */
const PRIVATE_CACHE_CONTROL = "private, no-store";

/** better-auth's session cookie, and the name it takes over HTTPS. */
const SESSION_COOKIE_NAMES: readonly string[] = [
  "better-auth.session_token",
  "__Secure-better-auth.session_token",
];

const PUBLIC_FILE_PREFIXES = ["/assets/", "/images/", "/og/"];

/** Whether a Cookie header carries a session cookie (any value: even a stale one asks for a private answer). */
function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => SESSION_COOKIE_NAMES.includes(pair.split("=")[0]!.trim()));
}

function setsSessionCookie(setCookie: ReturnType<ServerResponse["getHeader"]>): boolean {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return cookies.some((cookie) => hasSessionCookie(cookie.split(";")[0]));
}

/** Headers handed to writeHead itself win over those set before: their Cache-Control goes. */
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

/**
 * The middleware, first in the chain: it decides when the headers go out, so it overrides whatever a later
 * step or a route set. The build's static files mark themselves (`markPublicFile`).
 */
export const privateAnswers: RequestHandler = (req, res, next) => {
  if (PUBLIC_FILE_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
  const withSession = hasSessionCookie(req.headers.cookie);
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

/** express.static's setHeaders: a file of the build is the same for everyone, session or not. */
export function markPublicFile(res: Response): void {
  res.locals.publicFile = true;
}
