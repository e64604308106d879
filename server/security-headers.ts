import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Env } from "../app/lib/env.server";

/**
 * Powerful browser features the site never uses; sharing (navigator.share, clipboard) stays allowed, and the
 * position for the site's own pages only ("Nära mig" asks for it when pressed; no frame gets it).
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=(self)",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** A fresh nonce for the response's inline scripts (128 random bits). */
function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

function originOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * Security headers on every response, through helmet (docs/decisions/010). Each response gets its own
 * nonce in `res.locals.cspNonce`; the renderer puts it on every inline script (React Router's hydration
 * and streaming scripts, React's, the theme script), and the Content-Security-Policy allows only scripts
 * from the site itself or with that nonce. The page cache stores a page together with its headers, so a
 * cached page is replayed with the policy that carries its own nonce.
 */
export function securityHeaders(env: Env) {
  const protect = helmetFor(env, false);
  const protectFramed = helmetFor(env, true);
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = newCspNonce();
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    (FRAMEABLE.test(req.path) ? protectFramed : protect)(req, res, next);
  };
}

/** An event's widget (/quiz/{city}/{slug}/widget) is made to be framed by the venue's own site; nothing else is. */
const FRAMEABLE = /^\/quiz\/[^/]+\/[^/]+\/widget$/;

function helmetFor(env: Env, frameable: boolean) {
  const https = new URL(env.publicUrl).protocol === "https:";
  const development = env.NODE_ENV === "development";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: frameable
          ? ["'none'"]
          : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        scriptSrcAttr: ["'none'"],
        // Style attributes come with server-rendered markup and the toaster injects its own <style>.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The city maps' tiles: exactly MAP_TILES_URL's origin.
        imgSrc: ["'self'", "data:", "blob:", ...originOf(env.S3_PUBLIC_URL), env.mapTiles.origin],
        fontSrc: ["'self'", "data:"],
        // Vite's hot reload talks over a WebSocket in development.
        connectSrc: development ? ["'self'", "ws:", "wss:"] : ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: frameable ? ["https:", "http:"] : ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: frameable ? false : { action: "deny" },
    crossOriginEmbedderPolicy: false,
    // Shared links open the site from other sites; images are fetched by social-media crawlers.
    crossOriginResourcePolicy: { policy: "same-site" },
  });
}
