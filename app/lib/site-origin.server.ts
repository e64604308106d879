import { getEnv } from "~/lib/env.server";

/**
 * The absolute origin for canonical links, Open Graph, JSON-LD, the sitemap, robots.txt and feeds: always
 * PUBLIC_URL (default `http://localhost:$PORT`), never the request's Host header. A forged Host would
 * otherwise be written into pages that the page cache then serves to every visitor.
 */
export function siteOrigin(): string {
  return getEnv().publicUrl;
}
