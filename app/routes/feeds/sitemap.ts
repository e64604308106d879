import { siteOrigin } from "~/features/events/site-origin.server";
import { listSitemapEntries, renderSitemap } from "~/features/events/sitemap.server";
import { getDb } from "~/lib/db.server";

export async function loader() {
  const xml = renderSitemap(siteOrigin(), await listSitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
