const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type OriginSettings = { publicUrl: string; NODE_ENV: string };

/**
 * The origins the site's own pages are served from: PUBLIC_URL's, and in development also the site opened
 * through any loopback name and port (`http://127.0.0.1:3000` when PUBLIC_URL says localhost, Vite's port).
 */
export function isTrustedOrigin(origin: string, settings: OriginSettings): boolean {
  if (origin === new URL(settings.publicUrl).origin) return true;
  if (settings.NODE_ENV !== "development") return false;
  try {
    const url = new URL(origin);
    return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}

/**
 * Whether a state-changing request comes from the site itself. Browsers send Origin on every POST (and
 * Sec-Fetch-Site on modern ones); a request with neither is not from a browser and so cannot carry a
 * forged cross-site submission, so it passes.
 */
export function isSameOriginRequest(request: Request, settings: OriginSettings): boolean {
  const origin = request.headers.get("origin");
  if (origin) return isTrustedOrigin(origin, settings);
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export function isStateChanging(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
