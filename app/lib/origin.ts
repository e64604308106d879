const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type OriginSettings = { publicUrl: string; NODE_ENV: string; loopbackAliases?: boolean };

/**
 * The origins the site's own pages are served from: PUBLIC_URL's; in development also the site opened
 * through any loopback name and port (`http://127.0.0.1:3000` when PUBLIC_URL says localhost, Vite's port);
 * and with PUBLIC_URL unset, any loopback name on the site's own port.
 */
export function isTrustedOrigin(origin: string, settings: OriginSettings): boolean {
  const own = new URL(settings.publicUrl);
  if (origin === own.origin) return true;
  if (settings.NODE_ENV !== "development" && !settings.loopbackAliases) return false;
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname) || url.origin !== origin) return false;
    return settings.NODE_ENV === "development" || url.port === own.port;
  } catch {
    return false;
  }
}

/** The one answer to a request another site made a visitor's browser send. */
export const CROSS_SITE_MESSAGE = "Förfrågan kommer från en annan webbplats.";

/**
 * Whether a state-changing request comes from the site itself, the one check of page actions, the admin
 * guard and JSON endpoints. Browsers send Origin on every POST and Sec-Fetch-Site on modern ones: either
 * naming another site (`cross-site`, or `same-site` for a sibling subdomain) refuses it. A request with
 * neither is not from a browser and so cannot carry a forged cross-site submission, so it passes.
 */
export function isSameOriginRequest(request: Request, settings: OriginSettings): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  return origin === null || isTrustedOrigin(origin, settings);
}

export function isStateChanging(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
