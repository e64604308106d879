const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type OriginSettings = { publicUrl: string; NODE_ENV: string; loopbackAliases?: boolean };

/** In development also any loopback name and port (Vite's). */
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

export const CROSS_SITE_MESSAGE = "Förfrågan kommer från en annan webbplats.";

/** A request with neither Origin nor Sec-Fetch-Site is not from a browser, so cannot be forged. */
export function isSameOriginRequest(request: Request, settings: OriginSettings): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  return origin === null || isTrustedOrigin(origin, settings);
}

export function isStateChanging(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
