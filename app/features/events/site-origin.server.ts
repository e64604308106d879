import { getEnv } from "~/lib/env.server";

/**
 * The absolute origin for canonical links, Open Graph, the sitemap and feeds: PUBLIC_URL when set (the
 * address behind any proxy), else the origin the request came in on.
 */
export function siteOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  return configured ? configured.replace(/\/$/, "") : new URL(request.url).origin;
}
