import { siteOrigin } from "~/features/events/site-origin.server";
import { listSitemapEntries, renderSitemap } from "~/features/events/sitemap.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request }: Route.LoaderArgs) {
  const xml = renderSitemap(siteOrigin(request), await listSitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
