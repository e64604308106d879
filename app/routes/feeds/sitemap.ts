import { listSitemapEntries, renderSitemap } from "~/features/seo/sitemap.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";

export async function loader() {
  const xml = renderSitemap(siteOrigin(), await listSitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
